/**
 * Floors for "an online navigation through a worker": the reference page's document, as the mock
 * server rendered it once, served as fixed bytes from a bare loopback server (after `delayMs`, to
 * stand for a server that renders), with one of these workers:
 *
 * - `preload`: enables navigation preload and answers navigations with `event.preloadResponse`
 *   (Workbox's and Serwist's NetworkFirst with `navigationPreload` reduce to this): the least any
 *   worker that answers navigations itself costs in this browser, on this machine;
 * - `preload-store`: the same, plus a copy of each answer into Cache Storage (a clone taken as the
 *   answer arrives, written while the page reads the original): the least any network-first worker
 *   that stores its navigations costs; the copy makes the page's bytes pass through the worker;
 * - `route-network`: declares navigations "network" with the Static Routing API (`addRoutes`, Chromium
 *   123+), so the browser never asks the worker about them: what a worker costs when it does not
 *   handle navigations at all, and so cannot store them (NAV-3) or answer them offline (NAV-4);
 * - `route-race`: declares navigations "race-network-and-fetch-handler": the browser fetches the page
 *   itself while the worker's handler runs (its `fetch(event.request)` gets the same response), and
 *   the first answer wins: a worker that can still store and answer offline, with the network unwaited;
 * - `serwist`: Serwist's own worker (bench/baselines/serwistNavigationWorker.ts: NetworkFirst for
 *   navigations, navigation preload on), bundled at start: the peer the reference's worker is held to;
 * - `reference`: the reference's own worker as built (dist/sw.js), its precached files served from
 *   dist/assets/: ours on the very server the peer runs on, so the two differ only by their worker.
 *
 * Each is measured against the same server with service workers blocked.
 */
import { existsSync, readFileSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import { basename, extname, join } from "node:path";
import { bundle, ROOT } from "./bundleSize.ts";
import { announce, type ChildServer, forkServer, isMain } from "./childServer.ts";

export type FloorWorker = "preload" | "preload-store" | "route-network" | "route-race" | "serwist" | "reference";

/** A worker whose install declares where navigations go; its handler, when asked, fetches them. */
function routedWorker(source: string): string {
  return `self.addEventListener("install", (event) => {
  if (event.addRoutes) event.waitUntil(event.addRoutes([{ condition: { requestMode: "navigate" }, source: "${source}" }]));
  self.skipWaiting();
});
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (event) => {
  if (event.request.mode === "navigate") event.respondWith(fetch(event.request));
});`;
}

/** Both preload floors: take over at once, with navigation preload enabled before the claim. */
const PRELOAD_LIFECYCLE = `self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.registration.navigationPreload.enable().then(() => self.clients.claim())));
`;

const WORKERS: Record<Exclude<FloorWorker, "serwist" | "reference">, string> = {
  preload: `${PRELOAD_LIFECYCLE}self.addEventListener("fetch", (event) => {
  if (event.request.mode === "navigate") event.respondWith(event.preloadResponse.then((response) => response || fetch(event.request)));
});`,
  "preload-store": `${PRELOAD_LIFECYCLE}self.addEventListener("fetch", (event) => {
  if (event.request.mode !== "navigate") return;
  const network = event.preloadResponse.then((response) => response || fetch(event.request));
  const copied = network.then((response) => {
    const copy = response.clone();
    return caches.open("pages").then((cache) => cache.put(event.request, copy));
  });
  event.waitUntil(copied.catch(() => undefined));
  event.respondWith(network);
});`,
  "route-network": routedWorker("network"),
  "route-race": routedWorker("race-network-and-fetch-handler"),
};

/** The floor worker's script, for benchmarks that serve it themselves. */
export async function floorWorkerScript(worker: FloorWorker): Promise<string> {
  if (worker === "reference") return readFileSync(join(DIST, "sw.js"), "utf8");
  if (worker !== "serwist") return WORKERS[worker];
  const code = await bundle({ entry: join(ROOT, "bench", "baselines", "serwistNavigationWorker.ts"), format: "iife" });
  return new TextDecoder().decode(code);
}

const DIST = join(ROOT, "dist");
const TYPES: Record<string, string> = { ".js": "text/javascript", ".css": "text/css" };

/** A hashed file of the reference's build, for its worker's precache; 404 for anything else. */
function servePrecached(url: string, res: ServerResponse): void {
  const name = basename(url);
  const file = join(DIST, "assets", name);
  if (url !== `/assets/${name}` || !existsSync(file)) return void res.writeHead(404).end();
  res
    .writeHead(200, { "content-type": TYPES[extname(name)] ?? "application/octet-stream", "cache-control": "max-age=31536000, immutable" })
    .end(readFileSync(file));
}

/** Registers the floor worker; the document itself is the reference page's, whose own scripts are not served here. */
const REGISTER = `<script>navigator.serviceWorker && navigator.serviceWorker.register("/sw.js", { scope: "/" });</script>`;

/** Serves `html` (plus the registration) after `delayMs` at every path but `/sw.js` and the page's assets (404). */
export function startFloorNavigationServer(html: string, worker: FloorWorker, delayMs = 0): Promise<ChildServer> {
  return forkServer(import.meta.url, [html, worker, String(delayMs)]);
}

if (isMain(import.meta.url)) {
  const [html = "", worker = "preload", delay = "0"] = process.argv.slice(2);
  const known: readonly string[] = [...Object.keys(WORKERS), "serwist", "reference"];
  if (!known.includes(worker)) throw new Error(`Failed to start the floor server: no floor worker '${worker}' (${known.join(", ")}).`);
  const script = await floorWorkerScript(worker as FloorWorker);
  const page = `${html}${REGISTER}`;
  const delayMs = Number(delay);
  announce(
    createServer((req, res) => {
      if (req.url === "/sw.js") res.writeHead(200, { "content-type": "text/javascript", "cache-control": "no-cache" }).end(script);
      // The reference worker's precache, relative to the scope `/`; the page's own scripts stay unserved.
      else if (worker === "reference" && req.url?.startsWith("/assets/")) servePrecached(req.url, res);
      else if (req.url?.includes("/assets/")) res.writeHead(404).end();
      else
        setTimeout(() => {
          res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" }).end(page);
        }, delayMs);
    }),
  );
}
