import { NavLink, Outlet } from "react-router";
import { ReloadPrompt } from "./ReloadPrompt.tsx";
import { PAGES } from "./routes.ts";

/** The frame every page shares: the navigation, the page, and the update prompt. */
export function Layout() {
  return (
    <>
      <header>
        <nav aria-label="Main">
          {PAGES.map((page) => (
            <NavLink key={page.path} to={page.path} end>
              {page.path === "/" ? "Home" : page.title}
            </NavLink>
          ))}
        </nav>
      </header>
      <main>
        <Outlet />
      </main>
      <ReloadPrompt />
    </>
  );
}
