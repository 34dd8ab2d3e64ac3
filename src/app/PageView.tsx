import { Suspense } from "react";
import { fallback, fallbackForStatus } from "../core/fallbacks.ts";
import type { PageData } from "../core/page.ts";
import { CrashDemo } from "./CrashDemo.tsx";
import { FallbackView } from "./FallbackView.tsx";
import { LazyNotesPage, type PageComponent } from "./LazyNotesPage.ts";
import type { NavigationError } from "./useClientNavigation.ts";

interface PageViewProps {
  readonly page: PageData;
  readonly error: NavigationError | null;
  readonly homeHref: string;
  /**
   * The notes page's component: in the browser the lazy chunk; the server passes the component
   * itself, so the document carries the page as every other does (a cached copy shows it offline).
   */
  readonly notesPage?: PageComponent | undefined;
}

/** The main content: the page, its fallback, or what went wrong fetching it on a client-side navigation. */
export function PageView({ page, error, homeHref, notesPage: NotesPage = LazyNotesPage }: PageViewProps) {
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
    const known = fallbackForStatus(error.status);
    if (known) return <FallbackView page={known} digest={error.digest} homeHref={homeHref} />;
    return (
      <section data-page="http-error">
        <h1>{error.status}</h1>
        <p>The server answered {error.status}.</p>
        <a href={homeHref}>Go to the home page</a>
      </section>
    );
  }
  switch (page.kind) {
    case "not-found":
    case "forbidden":
    case "unauthorized":
    case "server-error":
    case "client-error":
      return <FallbackView page={fallback(page.kind)} digest={page.digest} homeHref={homeHref} />;
    case "notes":
      // The same boundary on the server and in the browser, so hydration waits for the chunk and
      // keeps the server's page meanwhile; a chunk that fails for good reaches the ErrorBoundary.
      return (
        <Suspense fallback={<p>Loading the page…</p>}>
          <NotesPage page={page} />
        </Suspense>
      );
    default:
      return (
        <section data-page={page.kind}>
          <h1>{page.heading}</h1>
          {page.kind === "crash" ? <CrashDemo paragraphs={page.paragraphs} /> : page.paragraphs.map((text) => <p key={text}>{text}</p>)}
        </section>
      );
  }
}
