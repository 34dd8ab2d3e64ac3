/**
 * NAV-4..6: navigations inside the scope are network-first. A response refreshes the cache; when the
 * network fails, or hangs past the configured timeout (lie-fi), the cached copy is served, and when
 * there is none, the offline page (a hang with no cached copy keeps waiting for the network instead).
 */
import type { WorkerConfig } from "../src/core/shellConfig.ts";
import { offlinePage } from "./precache.ts";
import { cachedDocument, storeDocument } from "./storeDocument.ts";

const TIMED_OUT = Symbol("timed out");

export async function navigate(event: FetchEvent, url: URL, scope: URL, config: WorkerConfig): Promise<Response> {
  const network = fetch(event.request).then(async (response) => {
    if (config.cacheNavigations) await storeDocument(url, scope, response);
    return response;
  });
  // Keep the worker alive until the refresh is stored, even after a cached copy was served.
  event.waitUntil(
    network.then(
      () => undefined,
      () => undefined,
    ),
  );
  if (!config.cacheNavigations) return network.catch(() => offlinePage(scope));

  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), config.networkTimeoutMs);
  });
  const first = await Promise.race([network.catch(() => undefined), timeout]);
  clearTimeout(timer);
  if (first instanceof Response) return first;

  const cached = await cachedDocument(url);
  if (cached) return cached;
  if (first === TIMED_OUT) return network.catch(() => offlinePage(scope));
  return offlinePage(scope);
}
