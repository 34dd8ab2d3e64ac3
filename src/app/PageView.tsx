import type { PageData } from "../core/page.ts";
import type { NavigationError } from "./useClientNavigation.ts";

/** The main content: the page, or what went wrong fetching it. */
export function PageView({ page, error, homeHref }: { page: PageData; error: NavigationError | null; homeHref: string }) {
  if (error?.kind === "network") {
    return (
      <section data-page="network-error">
        <h1>Can't reach the server</h1>
        <p>The page could not be loaded. Check your connection; the page reloads when you are back online.</p>
        <a href={homeHref}>Go to the home page</a>
      </section>
    );
  }
  if (error?.kind === "status") {
    return (
      <section data-page="http-error">
        <h1>{error.status}</h1>
        <p>The server answered {error.status}.</p>
        <a href={homeHref}>Go to the home page</a>
      </section>
    );
  }
  return (
    <section data-page={page.kind}>
      <h1>{page.heading}</h1>
      {page.paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </section>
  );
}
