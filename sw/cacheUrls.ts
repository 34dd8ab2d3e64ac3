/** NAV-3: the `CACHE_URLS` message — fetch each posted URL's HTML representation and store it if allowed. */
import { isInScope } from "../src/core/basePath.ts";
import type { CacheUrlResult } from "../src/core/messages.ts";
import { storeDocument } from "./storeDocument.ts";

export async function cacheUrl(raw: string, scope: URL, signal?: AbortSignal): Promise<CacheUrlResult> {
  let url: URL;
  try {
    url = new URL(raw, scope);
  } catch {
    return { url: raw, cached: false, reason: "invalid-url" };
  }
  if (url.origin !== scope.origin) return { url: url.href, cached: false, reason: "cross-origin" };
  if (!isInScope(url, scope)) return { url: url.href, cached: false, reason: "out-of-scope" };
  try {
    // Ask for the document, never the data representation the page fetches for the same URL.
    const response = await fetch(url.href, { headers: { accept: "text/html" }, credentials: "same-origin", ...(signal ? { signal } : {}) });
    const verdict = await storeDocument(url, scope, response);
    return verdict.cacheable ? { url: url.href, cached: true } : { url: url.href, cached: false, reason: verdict.reason };
  } catch {
    return { url: url.href, cached: false, reason: "network" };
  }
}
