/**
 * The app's pages, shared by the router (src/router.tsx renders them) and the static host (which
 * answers 404 for any other path under the base path). Framework-free, so the host and the kit's
 * tests can import it without the app's own dependencies. Paths are relative to the base path.
 */
export const BASE_PATH = "/prompt";

export interface Page {
  readonly path: string;
  /** The page's `h1`, and the name of the link to it. */
  readonly title: string;
  readonly body: string;
  /** A text field on the page (its label), whose input lives only in the page until it is sent. */
  readonly field?: string;
}

export const HOME: Page = { path: "/", title: "Trailhead", body: "Walks near town, and the huts along them." };

export const PAGES: readonly Page[] = [
  HOME,
  { path: "/trails", title: "Trails", body: "Ridge loop, 11 km. River path, 6 km. Old quarry track, 8 km.", field: "Trail report" },
  { path: "/huts", title: "Huts", body: "Pine hut sleeps 12 (open May to October). Lake hut sleeps 6." },
  { path: "/about", title: "About", body: "Kept by the walking club; the pages work offline once the app is installed." },
];

/** The page for a path under the base path (`/prompt/huts` → Huts), or undefined. */
export function pageFor(pathname: string): Page | undefined {
  if (pathname !== BASE_PATH && !pathname.startsWith(`${BASE_PATH}/`)) return undefined;
  const path = pathname.slice(BASE_PATH.length) || "/";
  return PAGES.find((page) => page.path === path);
}
