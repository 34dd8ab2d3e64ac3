/**
 * The floor for "time from load to registration and control": a page on its own loopback server that
 * registers, after `load`, a worker that does nothing but take control (skipWaiting + clients.claim).
 * Whatever the shell takes beyond this is its own install work (the precache) and start-up.
 */
import { createServer } from "node:http";
import { announce, type ChildServer, forkServer, isMain } from "./childServer.ts";

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Floor</title></head>
<body><h1>Floor</h1><script>addEventListener("load", () => navigator.serviceWorker.register("/sw.js", { scope: "/" }));</script></body></html>`;

const WORKER = `self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
self.addEventListener("fetch", () => {});`;

export function startFloorWorkerServer(): Promise<ChildServer> {
  return forkServer(import.meta.url);
}

if (isMain(import.meta.url)) {
  announce(
    createServer((req, res) => {
      if (req.url === "/sw.js") res.writeHead(200, { "content-type": "text/javascript", "cache-control": "no-cache" }).end(WORKER);
      else if (req.url === "/") res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" }).end(PAGE);
      else res.writeHead(404).end();
    }),
  );
}
