/**
 * NAV-3 / ERR-6: store a fetched document only when the shared rule allows it, and forget a cached
 * copy when the server now says the page is gone or forbidden, so it is never replayed offline.
 */
import { type DocumentVerdict, documentVerdict } from "../src/core/cacheable.ts";
import { PAGES_CACHE, pageKey } from "./caches.ts";

const parse = (href: string) => new URL(href);

/** A 4xx, a redirect or `no-store` means the old copy must not be shown again; a 5xx is transient. */
function evicts(response: Response, verdict: DocumentVerdict): boolean {
  return !verdict.cacheable && response.status < 500;
}

export async function storeDocument(url: URL, scope: URL, response: Response): Promise<DocumentVerdict> {
  const verdict = documentVerdict(response, url, scope, parse);
  const cache = await caches.open(PAGES_CACHE);
  if (verdict.cacheable) await cache.put(pageKey(url), response.clone());
  else if (evicts(response, verdict)) await cache.delete(pageKey(url));
  return verdict;
}

export async function cachedDocument(url: URL): Promise<Response | undefined> {
  // Only documents are ever stored here, so Vary: Accept may be ignored safely.
  return caches.match(pageKey(url), { cacheName: PAGES_CACHE, ignoreVary: true });
}
