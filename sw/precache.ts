/**
 * Install-time cache of the offline page (NAV-6), the web app manifest and the app's assets (its icons
 * among them), and cache-first serving of them: an installed app finds its manifest and icons offline.
 */
import { MANIFEST_FILE } from "../src/core/shellConfig.ts";
import { OFFLINE_PATH, PRECACHE, PRECACHE_PREFIX } from "./caches.ts";

/**
 * The manifest is the server's, rendered for its base path, so it is named here rather than in the
 * build's list; like the offline page, a new build's worker fetches it again.
 */
export function precacheUrls(scope: URL): string[] {
  return [OFFLINE_PATH, MANIFEST_FILE, ...__SHELL_PRECACHE__].map((path) => new URL(path, scope).href);
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
