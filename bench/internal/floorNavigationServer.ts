/**
 * The floor for "an online navigation through a worker": the reference page's document, as the mock
 * server rendered it once, served as fixed bytes from a bare loopback server, with a worker that does
 * nothing but enable navigation preload and answer navigations with it (Workbox's and Serwist's
 * NetworkFirst with `navigationPreload` reduce to this). What any worker that answers navigations
 * costs in this browser, on this machine, against the same server with service workers blocked.
 */
import { createServer } from "node:http";
import { announce, type ChildServer, forkServer, isMain } from "./childServer.ts";

const WORKER = `self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.registration.navigationPreload.enable().then(() => self.clients.claim())));
self.addEventListener("fetch", (event) => {
  if (event.request.mode === "navigate") event.respondWith(event.preloadResponse.then((response) => response || fetch(event.request)));
});`;

/** Registers the floor worker; the document itself is the reference page's, whose own scripts are not served here. */
const REGISTER = `<script>navigator.serviceWorker && navigator.serviceWorker.register("/sw.js", { scope: "/" });</script>`;

/** Serves `html` (plus the registration) at every path but `/sw.js` and the page's assets (404). */
export function startFloorNavigationServer(html: string): Promise<ChildServer> {
  return forkServer(import.meta.url, [html]);
}

if (isMain(import.meta.url)) {
  const page = `${process.argv[2] ?? ""}${REGISTER}`;
  announce(
    createServer((req, res) => {
      if (req.url === "/sw.js") res.writeHead(200, { "content-type": "text/javascript", "cache-control": "no-cache" }).end(WORKER);
      else if (req.url?.includes("/assets/")) res.writeHead(404).end();
      else res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" }).end(page);
    }),
  );
}
