import type { MouseEvent } from "react";
import { isWithinBasePath } from "../core/basePath.ts";
import type { BootData } from "../core/page.ts";
import { ErrorBoundary } from "./ErrorBoundary.tsx";
import type { PageComponent } from "./LazyNotesPage.ts";
import { PageView } from "./PageView.tsx";
import { StatusBar } from "./StatusBar.tsx";
import type { StatusStore } from "./statusStore.ts";
import { useClientNavigation } from "./useClientNavigation.ts";

/** Plain left clicks inside the app become client-side navigations; everything else stays a link. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** `notesPage` is the server's: it renders the notes page's component itself (PageView); the browser loads its chunk. */
export function App({ boot, status, notesPage }: { boot: BootData; status: StatusStore; notesPage?: PageComponent }) {
  const { page, error, loading, navigate } = useClientNavigation(boot.page);
  const base = boot.config.basePath;
  const onLinkClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event) || !isWithinBasePath(window.location.pathname, base)) return;
    event.preventDefault();
    navigate(event.currentTarget.href);
  };
  return (
    <>
      <header>
        <nav aria-label="Main">
          {boot.links.map((link) => (
            <a key={link.to} href={`${base}/${link.to}`} onClick={onLinkClick}>
              {link.label}
            </a>
          ))}
        </nav>
        <StatusBar status={status} />
      </header>
      <main aria-busy={loading}>
        <ErrorBoundary key={page.path} homeHref={`${base}/`}>
          <PageView page={page} error={error} homeHref={`${base}/`} notesPage={notesPage} />
        </ErrorBoundary>
      </main>
    </>
  );
}
