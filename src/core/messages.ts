/**
 * The page↔worker message protocol: one discriminated union for both ends.
 * `CACHE_URLS` is the message Workbox and Serwist use for "cache these navigations", so a page built
 * against either speaks to our worker and vice versa. Validation is hand-written rather than zod
 * because it ships inside the worker, whose size is a goal (`npm run bench:size`).
 */

/** Page → worker: cache the HTML representation of these absolute URLs (NAV-1, NAV-3). */
export interface CacheUrlsMessage {
  readonly type: "CACHE_URLS";
  readonly payload: { readonly urlsToCache: readonly string[] };
}

/** Why a posted URL was not stored; mirrors `DocumentVerdict` plus the reasons only the worker sees. */
export interface CacheUrlResult {
  readonly url: string;
  readonly cached: boolean;
  readonly reason?: string;
}

/** Worker → page, over the `MessagePort` sent with a `CACHE_URLS`, when one was sent. */
export interface CacheUrlsResultMessage {
  readonly type: "CACHE_URLS_RESULT";
  readonly payload: { readonly results: readonly CacheUrlResult[] };
}

export type PageToWorkerMessage = CacheUrlsMessage;
export type WorkerToPageMessage = CacheUrlsResultMessage;

export function cacheUrlsMessage(urls: readonly string[]): CacheUrlsMessage {
  return { type: "CACHE_URLS", payload: { urlsToCache: urls } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/**
 * Reads a message posted to the worker. Returns null for anything that is not a well-formed
 * `CACHE_URLS`; entries of `urlsToCache` that are not strings are dropped (Workbox also allows
 * `[url, init]` pairs, which this shell never sends and does not honour).
 */
export function parsePageMessage(data: unknown): PageToWorkerMessage | null {
  if (!isRecord(data) || data.type !== "CACHE_URLS" || !isRecord(data.payload)) return null;
  const urls = data.payload.urlsToCache;
  if (!Array.isArray(urls)) return null;
  return cacheUrlsMessage(urls.filter((url): url is string => typeof url === "string"));
}
