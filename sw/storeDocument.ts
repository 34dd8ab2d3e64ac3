/**
 * NAV-3 / ERR-6: store a fetched document only when the shared rule allows it, and forget a cached
 * copy when the server now says the page is gone or forbidden, so it is never replayed offline.
 */
import { type DocumentVerdict, documentVerdict } from "../src/core/cacheable.ts";
import { PAGES_CACHE, pageKey } from "./caches.ts";

const parse = (href: string) => new URL(href);

/**
 * Writes still under way, by cache key. A navigation answers the page before its copy is written
 * (navigate.ts), so the next read of the same key waits for the write: a page the server just
 * answered 403 for is never served from the cache a moment later (ERR-6).
 */
const writes = new Map<string, Promise<void>>();

/** A 4xx, a redirect or `no-store` means the old copy must not be shown again; a 5xx is transient. */
function evicts(response: Response, verdict: DocumentVerdict): boolean {
  return !verdict.cacheable && response.status < 500;
}

/**
 * Decides at once and copies the body before returning, so the caller may hand `response` to the
 * page straight away; the returned promise settles once the cache is written.
 */
export async function storeDocument(url: URL, scope: URL, response: Response): Promise<DocumentVerdict> {
  const verdict = documentVerdict(response, url, scope, parse);
  const key = pageKey(url);
  const copy = verdict.cacheable ? response.clone() : undefined;
  if (!copy && !evicts(response, verdict)) return verdict;
  const previous = writes.get(key);
  const write = (async () => {
    await previous?.catch(() => undefined);
    const cache = await caches.open(PAGES_CACHE);
    if (copy) await cache.put(key, copy);
    else await cache.delete(key);
  })();
  writes.set(key, write);
  try {
    await write;
  } finally {
    if (writes.get(key) === write) writes.delete(key);
  }
  return verdict;
}

export async function cachedDocument(url: URL): Promise<Response | undefined> {
  const key = pageKey(url);
  await writes.get(key)?.catch(() => undefined);
  // Only documents are ever stored here, so Vary: Accept may be ignored safely.
  return caches.match(key, { cacheName: PAGES_CACHE, ignoreVary: true });
}
