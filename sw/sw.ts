/**
 * The reference shell's service worker: a classic script, bundled on its own (vite.config.ts) so it
 * never starts with `import`. Configuration comes from its own script URL (core/shellConfig.ts).
 */
import { isInScope } from "../src/core/basePath.ts";
import { parsePageMessage, type WorkerToPageMessage } from "../src/core/messages.ts";
import { preloadFailsNavigations } from "../src/core/navigationPreload.ts";
import { parseWorkerConfig } from "../src/core/shellConfig.ts";
import { cacheUrl } from "./cacheUrls.ts";
import { navigate } from "./navigate.ts";
import { dropOldPrecaches, fromPrecache, isPrecached, precache } from "./precache.ts";
import { saveLandingPages } from "./saveLandingPages.ts";

declare const self: ServiceWorkerGlobalScope;

const config = parseWorkerConfig(self.location.search);
const scope = new URL(self.registration.scope);

self.addEventListener("install", (event) => {
  event.waitUntil(precache(scope).then(() => self.skipWaiting()));
});

/**
 * Navigation preload: the browser sends a navigation's request while it starts the worker, instead of
 * after, when the worker would fetch it (navigate.ts). Enabled before `clients.claim()`, so the first
 * navigation of a claimed page already has it. Measured without it: 3× the document time of no worker
 * at all (`npm run bench:nav`). Not in Gecko: there a navigation whose preload fails (no network, the
 * server unreachable) ends on the browser's error page whatever the worker answers with, so offline
 * no cached page and no offline page would show (workbox#3134; seen in Firefox ESR 153, docs/engines.md).
 */
async function enableNavigationPreload(): Promise<void> {
  if ("navigationPreload" in self.registration && !preloadFailsNavigations(self.navigator.userAgent)) await self.registration.navigationPreload.enable();
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    Promise.all([dropOldPrecaches(), enableNavigationPreload()])
      .then(() => self.clients.claim())
      .then(() => (config.cacheNavigations ? saveLandingPages(scope, config.networkTimeoutMs) : undefined)),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (!isInScope(url, scope)) return;
  if (request.mode === "navigate") event.respondWith(navigate(event, url, scope, config));
  else if (isPrecached(url, scope)) event.respondWith(fromPrecache(request));
});

self.addEventListener("message", (event) => {
  const message = parsePageMessage(event.data);
  if (!message) return;
  const reply = event.ports[0];
  const done = Promise.all(
    message.payload.urlsToCache.map((raw) =>
      config.cacheNavigations ? cacheUrl(raw, scope) : Promise.resolve({ url: raw, cached: false, reason: "disabled" }),
    ),
  ).then((results) => {
    reply?.postMessage({ type: "CACHE_URLS_RESULT", payload: { results } } satisfies WorkerToPageMessage);
  });
  event.waitUntil(done);
});
