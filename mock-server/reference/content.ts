/**
 * The reference app's pages. Nothing product-specific: a home page, three content pages reached by
 * client-side links, and the pages the conformance specs need to exist — a notes page whose code
 * loads on its first visit (UPD-3) with a field to type into (UPD-2), a `no-store` page, a
 * redirect, a JSON endpoint inside the scope, and the pages outside the base path (REG-4).
 */
import { type Fallback, fallback } from "../../src/core/fallbacks.ts";
import type { NavLink, PageData } from "../../src/core/page.ts";

export interface ContentPage extends Omit<PageData, "path"> {
  /** `Cache-Control: no-store` on the document: NAV-3 must not store it. */
  readonly noStore?: boolean;
}

const page = (kind: PageData["kind"], title: string, paragraphs: string[], extra: Partial<ContentPage> = {}): ContentPage => ({
  kind,
  title,
  heading: title,
  paragraphs,
  ...extra,
});

/** Pages inside the base path, keyed by their path relative to it (`''` is home). */
export const APP_PAGES: ReadonlyMap<string, ContentPage> = new Map([
  ["", page("home", "Home", ["The reference web app shell of pwa-conformance-kit.", "Follow a link: the page changes without a full load."])],
  ["pages/1", page("content", "Page one", ["The first content page, reached by a client-side link."])],
  ["pages/2", page("content", "Page two", ["The second content page. Visit it online and it is there offline."])],
  ["pages/3", page("content", "Page three", ["The third content page."])],
  ["notes", page("notes", "Notes", ["Type anything: what you type stays while the app updates itself."])],
  ["private", page("content", "Private page", ["Served with Cache-Control: no-store, so no cache keeps it."], { noStore: true })],
  ["crash", page("crash", "Error demo", ["This page throws a client-side exception on purpose, to show the application-error page."])],
]);

/** Paths inside the base path that redirect (NAV-3: a redirected response is never stored). */
export const REDIRECTS: ReadonlyMap<string, string> = new Map([["moved", "pages/1"]]);

/** A JSON-only endpoint inside the scope (NAV-3: never stored as a document). */
export const API_PAGES_PATH = "api/pages";

/** NAV-6: the offline page, precached by the worker at install. */
export const OFFLINE_PAGE = page("offline", "You are offline", [
  "The server could not be reached, and this page has not been saved for offline use.",
  "The page reloads by itself when the connection comes back.",
]);

/** ERR-1..4: a fallback page, with the digest of a server-side error. */
export function fallbackPage({ kind, title, explanation }: Fallback, digest?: string): ContentPage {
  return { ...page(kind, title, [explanation]), ...(digest === undefined ? {} : { digest }) };
}

export const NOT_FOUND_PAGE = fallbackPage(fallback("not-found"));

/** Pages outside the base path that serve the same shell, so REG-4 can be checked. */
export function outsidePage(pathname: string): ContentPage | undefined {
  if (pathname === "/" || pathname === "/apple" || pathname.startsWith("/outside/")) {
    return page("outside", "Outside the app", ["This page lies outside the app's base path, so it registers no worker."]);
  }
  return undefined;
}

export const NAV_LINKS: readonly NavLink[] = [
  { to: "", label: "Home" },
  { to: "pages/1", label: "Page one" },
  { to: "pages/2", label: "Page two" },
  { to: "pages/3", label: "Page three" },
  // After the three pages: init takes the first three linked pages for a starter profile.
  { to: "notes", label: "Notes" },
  { to: "crash", label: "Error demo" },
];
