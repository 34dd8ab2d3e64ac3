import { fallback, fallbackForStatus } from "../core/fallbacks.ts";
import type { PageData } from "../core/page.ts";
import { CrashDemo } from "./CrashDemo.tsx";
import { FallbackView } from "./FallbackView.tsx";
import type { NavigationError } from "./useClientNavigation.ts";

/** The main content: the page, its fallback, or what went wrong fetching it on a client-side navigation. */
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
    default:
      return (
        <section data-page={page.kind}>
          <h1>{page.heading}</h1>
          {page.kind === "crash" ? <CrashDemo paragraphs={page.paragraphs} /> : page.paragraphs.map((text) => <p key={text}>{text}</p>)}
        </section>
      );
  }
}
