/**
 * The app's pages, framework-free: the router (app.routes.ts) renders them and the static host
 * (../../serve.ts) answers 404 for any other path under the base path. Paths are the router's,
 * relative to the base href `/ng/`.
 */
export const BASE_PATH = "/ng";

export interface Page {
  readonly path: string;
  readonly title: string;
  readonly body: string;
}

export const PAGES: readonly Page[] = [
  { path: "", title: "Logbook", body: "Notes from the harbour, kept by hand." },
  { path: "trips", title: "Trips", body: "Tuesday: round the point and back, light wind. Friday: out to the buoy, rain." },
  { path: "gear", title: "Gear", body: "Two oars, a bailer, the spare line and a tin of biscuits." },
  { path: "crew", title: "Crew", body: "Ada at the helm, Ben on the sheets, the dog on the bow." },
];

/** The page a path under the base path shows (`/ng/gear` → Gear), or undefined. */
export function pageFor(pathname: string): Page | undefined {
  if (pathname !== BASE_PATH && !pathname.startsWith(`${BASE_PATH}/`)) return undefined;
  const path = pathname.slice(BASE_PATH.length + 1);
  return PAGES.find((page) => page.path === path);
}
