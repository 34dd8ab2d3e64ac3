/**
 * The floor for "time from load to registration and control": a page on its own loopback server that
 * registers, after `load`, a worker that does nothing but take control (skipWaiting + clients.claim).
 * Whatever the shell takes beyond this is its own install work (the precache) and start-up.
 *
 * It runs in a child process, as the mock server does, so neither competes with the benchmark's own
 * event loop (which is busy with Playwright's protocol traffic) for the same thread.
 */
import { fork } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Floor</title></head>
<body><h1>Floor</h1><script>addEventListener("load", () => navigator.serviceWorker.register("/sw.js", { scope: "/" }));</script></body></html>`;

const WORKER = `self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
self.addEventListener("fetch", () => {});`;

export interface FloorServer {
  readonly origin: string;
  readonly close: () => Promise<void>;
}

function serve(): void {
  const server = createServer((req, res) => {
    if (req.url === "/sw.js") res.writeHead(200, { "content-type": "text/javascript", "cache-control": "no-cache" }).end(WORKER);
    else if (req.url === "/") res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" }).end(PAGE);
    else res.writeHead(404).end();
  });
  server.listen(0, "127.0.0.1", () => {
    process.send?.({ origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  });
  process.on("disconnect", () => process.exit(0));
}

export async function startFloorWorkerServer(): Promise<FloorServer> {
  const child = fork(fileURLToPath(import.meta.url), ["--serve"], { execArgv: ["--import", "tsx"], stdio: ["ignore", "ignore", "inherit", "ipc"] });
  const origin = await new Promise<string>((resolve, reject) => {
    child.once("message", (message: { origin: string }) => resolve(message.origin));
    child.once("exit", (code) => reject(new Error(`Failed to start the floor server: it exited with code ${code}.`)));
  });
  return {
    origin,
    close: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

if (process.argv.includes("--serve") && process.argv[1] === fileURLToPath(import.meta.url)) serve();
