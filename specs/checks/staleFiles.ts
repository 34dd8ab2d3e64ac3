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
 * cache, or one file in a cache whose name says `precache` (UPD-4's stimulus: the new build's
 * install must fetch it). That one is what a deploy really makes the install fetch, a script or style
 * the page never loaded, else an image or font; never something the clause does not test: a
 * document (any path without a script, style, image or font extension, so an offline page at
 * `/~offline?__WB_REVISION__=…` too), the manifest, or a script the worker imports (`keep`, from
 * the journal). Returns the URLs removed.
 */
export function evictUnloaded(page: Page, eviction: Eviction, keep: readonly string[] = []): Promise<string[]> {
  return page.evaluate(evictUnloadedInPage, { which: eviction, keep });
}

/** evictUnloaded's work, in the page: any engine's driver can run it (specs/engines/). */
export async function evictUnloadedInPage({ which, keep }: { which: Eviction; keep: readonly string[] }): Promise<string[]> {
  const bare = (url: string) => url.split(/[?#]/)[0] ?? "";
  const loaded = new Set(
    [
      ...performance.getEntriesByType("resource").map((entry) => entry.name),
      ...[...document.scripts].map((script) => script.src),
      ...[...document.querySelectorAll<HTMLLinkElement>("link[href]")].map((link) => link.href),
    ].map(bare),
  );
  const manifest = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href;
  const untouchable = new Set([...keep, ...(manifest ? [manifest] : [])].map(bare));
  const pathOf = (url: string) => new URL(url).pathname;
  const isCode = (url: string) => /\.(m?js|css)$/.test(pathOf(url));
  const isAsset = (url: string) => /\.(svg|png|ico|webp|avif|jpe?g|gif|woff2?|ttf|otf)$/.test(pathOf(url));
  const removed: string[] = [];
  for (const name of await caches.keys()) {
    if (which === "one-precached-file" && !/precache/i.test(name)) continue;
    const cache = await caches.open(name);
    // The page's own scripts and styles stay: without them the old page would stop for the kit's sake.
    const candidates = (await cache.keys()).filter(
      (request) =>
        new URL(request.url).origin === location.origin &&
        (isCode(request.url) || isAsset(request.url)) &&
        !untouchable.has(bare(request.url)) &&
        !(isCode(request.url) && loaded.has(bare(request.url))),
    );
    if (which === "scripts-and-styles") {
      for (const request of candidates.filter((candidate) => isCode(candidate.url))) {
        await cache.delete(request);
        removed.push(request.url);
      }
      continue;
    }
    const chosen = candidates.find((candidate) => isCode(candidate.url)) ?? candidates[0];
    if (chosen) {
      await cache.delete(chosen);
      removed.push(chosen.url);
      return removed;
    }
  }
  return removed;
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
