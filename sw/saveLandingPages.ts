/**
 * NAV-7: the page a person arrived on is saved too. On the first visit no worker exists while that
 * page loads, so its navigation never passes through the worker, and no history change posts it.
 * Once the worker has claimed the open windows, it stores each one's URL by the NAV-3 rule (the HTML
 * representation, 200, in scope, not redirected, not no-store), as for a posted navigation.
 *
 * Done here rather than by the page posting its own URL when a controller arrives: the page's
 * messages are the NAV-1 protocol (one per history change, which apps and the suite count), and the
 * worker reaches every window it claimed, whichever script runs in it.
 *
 * The start URL (the scope itself, the web app manifest's `start_url`) is saved at the same time,
 * wherever the person arrived: an installed app opens there, offline too. Here rather than in
 * `install`, whose precache it could have joined: the pages cache is shared with the worker in
 * control, and an install that fails (UPD-4) must leave it as it was; nor does a start page that
 * fails for a moment make the install fail.
 */
import { pageKey } from "./caches.ts";
import { cacheUrl } from "./cacheUrls.ts";

declare const self: ServiceWorkerGlobalScope;

/**
 * Runs inside `activate`, where it holds back the fetch events of the claimed pages until it ends:
 * bounded by the network timeout, so a server that hangs (lie-fi) cannot hold the worker.
 */
export async function saveLandingPages(scope: URL, timeoutMs: number): Promise<void> {
  const windows = await self.clients.matchAll({ type: "window" });
  const signal = AbortSignal.timeout(timeoutMs);
  // One request per document: the start URL is often the page arrived on.
  const urls = new Set([pageKey(scope), ...windows.map((client) => pageKey(new URL(client.url)))]);
  await Promise.all([...urls].map((url) => cacheUrl(url, scope, signal)));
}
