/** Install-time cache of the offline page and the app's assets (NAV-6), and cache-first serving of them. */
import { OFFLINE_PATH, PRECACHE, PRECACHE_PREFIX } from "./caches.ts";

export function precacheUrls(scope: URL): string[] {
  return [OFFLINE_PATH, ...__SHELL_PRECACHE__].map((path) => new URL(path, scope).href);
}

export async function precache(scope: URL): Promise<void> {
  const cache = await caches.open(PRECACHE);
  await cache.addAll(precacheUrls(scope));
}

/** Drops precaches of earlier builds; the pages cache is kept. */
export async function dropOldPrecaches(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(PRECACHE_PREFIX) && name !== PRECACHE).map((name) => caches.delete(name)));
}

export async function fromPrecache(request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: PRECACHE });
  return cached ?? fetch(request);
}

export async function offlinePage(scope: URL): Promise<Response> {
  const cached = await caches.match(new URL(OFFLINE_PATH, scope).href, { cacheName: PRECACHE });
  // The precache is written at install, so this only happens if someone cleared Cache Storage.
  return cached ?? new Response("You are offline.", { status: 503, headers: { "content-type": "text/plain; charset=utf-8" } });
}

export function isPrecached(url: URL, scope: URL): boolean {
  return precacheUrls(scope).includes(url.href);
}
