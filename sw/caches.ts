/** Cache names and the offline page's place; one module so install, activate and fetch agree. */

/** Navigations (NAV-3..5). Versionless: cached pages survive worker updates. */
export const PAGES_CACHE = "pck-pages-v1";

/** The shell's own assets and offline page, replaced whenever a new build ships. */
export const PRECACHE_PREFIX = "pck-precache-";
export const PRECACHE = `${PRECACHE_PREFIX}${__SHELL_VERSION__}`;

/** NAV-6: the offline page, relative to the scope; the server renders it as the app with an offline view. */
export const OFFLINE_PATH = "offline.html";

/** Cache keys are URLs without their fragment: `/app/x#a` and `/app/x#b` are one document. */
export function pageKey(url: URL): string {
  const key = new URL(url.href);
  key.hash = "";
  return key.href;
}
