/**
 * The peer for an online navigation through a worker (bench:nav): Serwist's own worker, set up as a
 * Serwist app caches its pages: `NetworkFirst` for navigations with the reference's network timeout
 * (3 s), navigation preload on, skipWaiting and clientsClaim. Its handler answers every navigation,
 * stores it, and would serve it offline: the same work the reference's worker does.
 */
import { NetworkFirst, Serwist } from "serwist";

const serwist = new Serwist({
  precacheEntries: [],
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: true,
  runtimeCaching: [{ matcher: ({ request }) => request.mode === "navigate", handler: new NetworkFirst({ cacheName: "pages", networkTimeoutSeconds: 3 }) }],
});
serwist.addEventListeners();
