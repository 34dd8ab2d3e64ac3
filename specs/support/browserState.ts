/** Reads what the browser holds — Cache Storage, the registration — from inside a page. */
import type { Page } from "@playwright/test";
import { CONTROL_TIMEOUT_MS, withInstallTime } from "./installTime.ts";

export interface CachedDocument {
  readonly url: string;
  readonly cacheName: string;
  readonly status: number | null;
  readonly contentType: string | null;
  readonly body: string;
}

/**
 * Every entry of every cache, with its body: what a worker would serve. Pass `url` to read only the
 * entries stored under it: the precache holds the app's whole script, and reading and shipping it
 * back on every call (and every poll) is most of what this costs.
 */
export function cachedEntries(page: Page, url?: string): Promise<CachedDocument[]> {
  return page.evaluate(async (only) => {
    const entries: CachedDocument[] = [];
    for (const cacheName of await caches.keys()) {
      const cache = await caches.open(cacheName);
      for (const request of await cache.keys()) {
        if (only !== undefined && request.url !== only) continue;
        const response = await cache.match(request);
        entries.push({
          url: request.url,
          cacheName,
          status: response?.status ?? null,
          contentType: response?.headers.get("content-type") ?? null,
          body: (await response?.text()) ?? "",
        });
      }
    }
    return entries;
  }, url);
}

/** The values of one header on every entry stored under `url` (all caches), without reading bodies. */
export function cachedHeaders(page: Page, url: string, header: string): Promise<(string | null)[]> {
  return page.evaluate(
    async ({ wanted, name }) => {
      const values: (string | null)[] = [];
      for (const cacheName of await caches.keys()) {
        const response = await (await caches.open(cacheName)).match(wanted, { ignoreVary: true });
        if (response) values.push(response.headers.get(name));
      }
      return values;
    },
    { wanted: url, name: header },
  );
}

/** The URLs in Cache Storage (all caches), without reading any body. */
export function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const cacheName of await caches.keys()) {
      for (const request of await (await caches.open(cacheName)).keys()) urls.push(request.url);
    }
    return urls;
  });
}

export { CONTROL_TIMEOUT_MS } from "./installTime.ts";

/**
 * Resolves once a service worker controls the page (`ready` alone does not mean that) and has
 * finished activating: a worker that claims the page during `activate` may still be at work there
 * (the reference stores the landing page, NAV-7), and Cache Storage is not settled until it is done.
 */
export async function waitForController(page: Page): Promise<void> {
  await withInstallTime(page, (timeout) => page.waitForFunction(() => navigator.serviceWorker?.controller?.state === "activated", undefined, { timeout }));
}

/**
 * Resolves once the registration covering the page has an `activated` worker, whether or not it
 * controls the page: a worker that does not claim clients is active without controlling the page
 * it was installed from. Its `activate` work is over by then.
 */
export async function waitForActiveWorker(page: Page): Promise<void> {
  await withInstallTime(page, (timeout) =>
    page.waitForFunction(
      () => {
        // getRegistration() is a promise: each poll starts one look and a later poll reads it.
        const state = window as unknown as { __pckActivated?: boolean | "looking" };
        if (state.__pckActivated === true) return true;
        if (state.__pckActivated !== "looking" && navigator.serviceWorker) {
          state.__pckActivated = "looking";
          void navigator.serviceWorker.getRegistration().then((registration) => {
            state.__pckActivated = registration?.active?.state === "activated" ? true : undefined;
          });
        }
        return false;
      },
      undefined,
      { timeout },
    ),
  );
}

/** The registration covering the current page, if any: its scope and its worker's script URL. */
export function registrationInfo(page: Page): Promise<{ scope: string; scriptURL: string | null } | null> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker?.getRegistration();
    if (!registration) return null;
    const worker = registration.active ?? registration.waiting ?? registration.installing;
    return { scope: registration.scope, scriptURL: worker?.scriptURL ?? null };
  });
}

/**
 * Posts a message to the controlling worker with a MessagePort and resolves with its reply, so a
 * spec knows the worker has finished with the message (Workbox and this shell both reply).
 */
export function postToWorker(page: Page, message: unknown): Promise<unknown> {
  return page.evaluate(
    ({ data, timeoutMs }) =>
      new Promise((resolve, reject) => {
        const controller = navigator.serviceWorker.controller;
        if (!controller) return reject(new Error("No service worker controls the page."));
        const channel = new MessageChannel();
        const timer = setTimeout(() => reject(new Error(`The worker did not reply to the message within ${timeoutMs} ms.`)), timeoutMs);
        channel.port1.onmessage = (event) => {
          clearTimeout(timer);
          resolve(event.data);
        };
        controller.postMessage(data, [channel.port2]);
      }),
    { data: message, timeoutMs: WORKER_REPLY_TIMEOUT_MS },
  );
}

/** A worker fetches and stores a few pages for a message: seconds at most, even on a busy machine. */
const WORKER_REPLY_TIMEOUT_MS = 15_000;

/**
 * Resolves once `url` is in Cache Storage (any cache), or rejects with a TimeoutError after
 * `timeoutMs`. The predicate is synchronous: `waitForFunction` takes a returned Promise as truthy
 * at once, so each poll starts one asynchronous look and a later poll reads its result.
 */
async function waitUntilStored(page: Page, url: string, timeoutMs: number): Promise<void> {
  await page.waitForFunction(
    (wanted) => {
      const state = window as unknown as Record<string, unknown>;
      const key = `__pckStored:${wanted}`;
      if (state[key] === true) return true;
      if (state[key] !== "looking") {
        state[key] = "looking";
        void (async () => {
          let found = false;
          for (const name of await caches.keys()) if (await (await caches.open(name)).match(wanted, { ignoreVary: true })) found = true;
          state[key] = found ? true : "not yet";
        })();
      }
      return false;
    },
    url,
    { timeout: timeoutMs, polling: 50 },
  );
}

let settleCount = 0;

/**
 * Resolves once the worker's storing from earlier `CACHE_URLS` messages is over. A worker may reply
 * to a message before its cache writes end (Workbox-style strategies write in `waitUntil`), so
 * Cache Storage read right after the reply can miss an entry still being written. A fresh URL posted
 * afterwards is fetched and written after them, and Cache Storage applies a cache's writes in order:
 * once it is there, so are they (a slower earlier page can still land later: see storedWithinGrace).
 */
export async function settleWorkerCache(page: Page, origin: string | undefined, path: string): Promise<void> {
  settleCount += 1;
  const url = `${origin}${path}${path.includes("?") ? "&" : "?"}pck-settle=${settleCount}-${Date.now()}`;
  await page.evaluate((message) => navigator.serviceWorker.controller?.postMessage(message), { type: "CACHE_URLS", payload: { urlsToCache: [url] } });
  await waitUntilStored(page, url, CONTROL_TIMEOUT_MS);
}

/**
 * How long a cache write the worker started before answering may take to land. A worker may reply
 * to a message, or a later message's page may be stored, before a slower page's write ends (seen on
 * Next.js + Serwist: a redirected page's entry appeared after the settle page's in 1 of 5 runs).
 */
export const WRITE_GRACE_MS = 1_000;

/** Whether `url` shows up in Cache Storage within WRITE_GRACE_MS: the one wait for a write that must not happen. */
export async function storedWithinGrace(page: Page, url: string): Promise<boolean> {
  try {
    await waitUntilStored(page, url, WRITE_GRACE_MS);
    return true;
  } catch (error) {
    if ((error as Error).name === "TimeoutError") return false;
    throw error;
  }
}
