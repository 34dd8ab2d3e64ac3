/**
 * NAV-4..6: navigations inside the scope are network-first. A response refreshes the cache; when the
 * network fails, or hangs past the configured timeout (lie-fi), the cached copy is served, and when
 * there is none, the offline page (a hang with no cached copy keeps waiting for the network instead).
 */
import type { WorkerConfig } from "../src/core/shellConfig.ts";
import { offlinePage } from "./precache.ts";
import { cachedDocument, storeDocument } from "./storeDocument.ts";

const TIMED_OUT = Symbol("timed out");

const ignore = () => undefined;

/**
 * The navigation's network response: the browser's navigation preload, started while the worker was
 * starting (sw.ts enables it on activation), or the worker's own fetch when there is none (preload
 * unsupported or disabled, or the navigation began before activation). A failed preload is a failed
 * network, as in Workbox's `StrategyHandler.fetch`: fetching again would ask the server twice.
 */
async function fromNetwork(event: FetchEvent): Promise<Response> {
  const preloaded: unknown = await event.preloadResponse;
  return preloaded instanceof Response ? preloaded : fetch(event.request);
}

export async function navigate(event: FetchEvent, url: URL, scope: URL, config: WorkerConfig): Promise<Response> {
  const network = fromNetwork(event);
  // The page gets the response as soon as it arrives; its copy is written meanwhile (storeDocument
  // copies the body first), as Workbox's strategies do. Keeping the worker alive until then also
  // keeps it waiting for preloadResponse, which Chromium otherwise cancels with a console error
  // (workbox #2178, #3361), even when a cached copy was served.
  const stored = network.then((response) => (config.cacheNavigations ? storeDocument(url, scope, response) : undefined));
  event.waitUntil(stored.then(ignore, ignore));
  if (!config.cacheNavigations) return network.catch(() => offlinePage(scope));

  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), config.networkTimeoutMs);
  });
  const first = await Promise.race([network.catch(ignore), timeout]);
  clearTimeout(timer);
  if (first instanceof Response) return first;

  const cached = await cachedDocument(url);
  if (cached) return cached;
  if (first === TIMED_OUT) return network.catch(() => offlinePage(scope));
  return offlinePage(scope);
}
