/**
 * Where the Static Routing API exists (Chromium 123+), navigations race: the browser fetches the page
 * itself while the worker's handler runs, and the first answer wins. Online, the browser's own
 * response reaches the page without passing through the worker, and the handler's
 * `fetch(event.request)` is given that same response (one request reaches the server, as with
 * navigation preload), so it still stores the page (NAV-3). Offline or on a failed network the
 * handler's answer is the only one (the cached copy, or the offline page); on lie-fi it answers first,
 * at the network timeout (NAV-4..6). Measured (`npm run bench:nav-raw -- --floors
 * preload,route-race,serwist,reference`): a racing worker adds about 0.4 ms to an online
 * navigation's document time, a navigation-preload one 2 ms, Serwist's NetworkFirst 3–4 ms.
 * Elsewhere nothing changes: the handler answers every navigation, with navigation preload.
 */

interface RouterRule {
  readonly condition: { readonly requestMode: "navigate"; readonly requestMethod: "GET" };
  readonly source: "race-network-and-fetch-handler";
}

/** The install event as Chromium extends it; `addRoutes` may be called during install only. */
type RoutingInstallEvent = ExtendableEvent & { readonly addRoutes?: (rules: RouterRule | readonly RouterRule[]) => Promise<void> };

export async function raceNavigations(event: ExtendableEvent): Promise<void> {
  const { addRoutes } = event as RoutingInstallEvent;
  if (typeof addRoutes !== "function") return;
  // A rule the browser refuses (an older syntax) leaves the handler answering, as without the API.
  await addRoutes
    .call(event, { condition: { requestMode: "navigate", requestMethod: "GET" }, source: "race-network-and-fetch-handler" })
    .catch(() => undefined);
}
