/**
 * What a real new build does to an old page, made by hand where the mock server's deploy cannot: in
 * proxy mode the "new" worker is the same build, so it keeps every file of the old one in its
 * precache. A real new worker's activate deletes the old build's entries, and Chromium's HTTP cache
 * would still answer them (Workbox and Serwist fetch hashed files with `cache: 'default'`, and hosts
 * send `immutable`): docs/update-behaviours.md, "What proxy mode can and cannot show".
 */
import type { Page } from "@playwright/test";

/** Which cached files to remove: every script and style, or one file of a precache (UPD-4's install must fetch it). */
export type Eviction = "scripts-and-styles" | "one-precached-file";

/**
 * Removes same-origin files from the page's Cache Storage, never a document and never a script or
 * style the page has loaded itself (they keep it running): every other script and style in any
 * cache, or one file in a cache whose name says `precache` (an image or manifest first, then any
 * other). Returns the URLs removed.
 */
export function evictUnloaded(page: Page, eviction: Eviction): Promise<string[]> {
  return page.evaluate(async (which) => {
    const loaded = new Set(
      [
        ...performance.getEntriesByType("resource").map((entry) => entry.name),
        ...[...document.scripts].map((script) => script.src),
        ...[...document.querySelectorAll<HTMLLinkElement>("link[href]")].map((link) => link.href),
      ].map((url) => url.split(/[?#]/)[0]),
    );
    const pathOf = (url: string) => new URL(url).pathname;
    const isCode = (url: string) => /\.(m?js|css)$/.test(pathOf(url));
    const isDocument = (url: string) => /(\/|\.html?)$/.test(pathOf(url));
    const isImage = (url: string) => /\.(svg|png|ico|webp|jpe?g|gif|webmanifest|json)$/.test(pathOf(url));
    const removed: string[] = [];
    for (const name of await caches.keys()) {
      if (which === "one-precached-file" && !/precache/i.test(name)) continue;
      const cache = await caches.open(name);
      // The page's own scripts and styles stay: without them the old page would stop for the kit's sake.
      const candidates = (await cache.keys()).filter(
        (request) =>
          new URL(request.url).origin === location.origin &&
          !isDocument(request.url) &&
          !(isCode(request.url) && loaded.has(request.url.split(/[?#]/)[0] ?? "")),
      );
      if (which === "scripts-and-styles") {
        for (const request of candidates.filter((candidate) => isCode(candidate.url))) {
          await cache.delete(request);
          removed.push(request.url);
        }
        continue;
      }
      const chosen = candidates.find((candidate) => isImage(candidate.url)) ?? candidates[0];
      if (chosen) {
        await cache.delete(chosen);
        removed.push(chosen.url);
        return removed;
      }
    }
    return removed;
  }, eviction);
}

/** Empties Chromium's HTTP cache (CDP), so a removed file is asked of the server, not answered from there. */
export async function clearHttpCache(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send("Network.clearBrowserCache");
  } finally {
    await session.detach();
  }
}
