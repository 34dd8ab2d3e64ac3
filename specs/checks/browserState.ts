/** Reads what the browser holds — Cache Storage, the registration — from inside a page. */
import type { Page } from "@playwright/test";
import { waitInPage } from "../../kit/waitInPage.ts";
import { CONTROL_TIMEOUT_MS } from "../../kit/workerControl.ts";
import { WRITE_GRACE_MS } from "../harness/windows.ts";

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
  return page.evaluate(cachedEntriesInPage, url ?? null);
}

/** cachedEntries() in the page, for any engine's evaluate: it uses only its argument. */
export async function cachedEntriesInPage(only: string | null): Promise<CachedDocument[]> {
  const entries: CachedDocument[] = [];
  for (const cacheName of await caches.keys()) {
    const cache = await caches.open(cacheName);
    for (const request of await cache.keys()) {
      if (only !== null && request.url !== only) continue;
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
}

/** The values of one header on every entry stored under `url` (all caches), without reading bodies. */
export function cachedHeaders(page: Page, url: string, header: string): Promise<(string | null)[]> {
  return page.evaluate(cachedHeadersInPage, { wanted: url, name: header });
}

/** cachedHeaders() in the page, for any engine's evaluate: it uses only its argument. */
export async function cachedHeadersInPage({ wanted, name }: { wanted: string; name: string }): Promise<(string | null)[]> {
  const values: (string | null)[] = [];
  for (const cacheName of await caches.keys()) {
    const response = await (await caches.open(cacheName)).match(wanted, { ignoreVary: true });
    if (response) values.push(response.headers.get(name));
  }
  return values;
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
export function postToWorker(page: Page, message: unknown, timeoutMs = WORKER_REPLY_TIMEOUT_MS): Promise<unknown> {
  return page.evaluate(postToWorkerInPage, workerPost(message, timeoutMs));
}

/** postToWorkerInPage's argument: the message, how long to wait for the reply, and NO_REPLY's words for none. */
export function workerPost(message: unknown, timeoutMs = WORKER_REPLY_TIMEOUT_MS): { data: unknown; timeoutMs: number; noReply: string } {
  return { data: message, timeoutMs, noReply: NO_REPLY };
}

/** postToWorker() in the page, for any engine's evaluate: it uses only its argument. */
export function postToWorkerInPage({ data, timeoutMs, noReply }: { data: unknown; timeoutMs: number; noReply: string }): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const controller = navigator.serviceWorker.controller;
    if (!controller) return reject(new Error("No service worker controls the page."));
    const channel = new MessageChannel();
    const timer = setTimeout(() => reject(new Error(`${noReply} to the message within ${timeoutMs} ms.`)), timeoutMs);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(event.data);
    };
    controller.postMessage(data, [channel.port2]);
  });
}

/** A worker fetches and stores a few pages for a message: seconds at most, even on a busy machine. */
export const WORKER_REPLY_TIMEOUT_MS = 15_000;

/** The start of postToWorker's error when no reply came in time. */
export const NO_REPLY = "The worker did not reply";

/** How often the page looks in Cache Storage, which has no event for a write. */
const STORED_LOOK_MS = 50;

/** Resolves once `url` is in Cache Storage (any cache), or rejects with a TimeoutError after `timeoutMs`. */
async function waitUntilStored(page: Page, url: string, timeoutMs: number): Promise<void> {
  await waitInPage(
    page,
    `${url} in Cache Storage`,
    async ({ arg, msLeft, timeoutWord }) => {
      const deadline = Date.now() + msLeft;
      for (;;) {
        for (const name of await caches.keys()) if (await (await caches.open(name)).match(arg.url, { ignoreVary: true })) return;
        if (Date.now() >= deadline) throw new Error(timeoutWord);
        await new Promise((resolve) => setTimeout(resolve, arg.lookMs));
      }
    },
    { url, lookMs: STORED_LOOK_MS },
    timeoutMs,
  );
}

let settleCount = 0;

/**
 * A fresh URL of `path` for the settle message (see settleWorkerCache): a query the app ignores, new
 * each time, so the worker fetches and writes it after whatever it was asked before.
 */
export function settleUrl(origin: string | undefined, path: string): string {
  settleCount += 1;
  return `${origin}${path}${path.includes("?") ? "&" : "?"}pck-settle=${settleCount}-${Date.now()}`;
}

/** The settle message: one `CACHE_URLS` of `url`, posted without a reply port. */
export const settleMessage = (url: string) => ({ type: "CACHE_URLS", payload: { urlsToCache: [url] } });

/**
 * Resolves once the worker's storing from earlier `CACHE_URLS` messages is over. A worker may reply
 * to a message before its cache writes end (Workbox-style strategies write in `waitUntil`), so
 * Cache Storage read right after the reply can miss an entry still being written. A fresh URL posted
 * afterwards is fetched and written after them, and Cache Storage applies a cache's writes in order:
 * once it is there, so are they (a slower earlier page can still land later: see storedWithinGrace).
 */
export async function settleWorkerCache(page: Page, origin: string | undefined, path: string): Promise<void> {
  const url = settleUrl(origin, path);
  await page.evaluate(postWithoutReplyInPage, settleMessage(url));
  await waitUntilStored(page, url, CONTROL_TIMEOUT_MS);
}

/** Posts a message to the controlling worker with no reply port, for any engine's evaluate. */
export function postWithoutReplyInPage(message: unknown): void {
  navigator.serviceWorker.controller?.postMessage(message);
}

/** Whether `url` shows up in Cache Storage within `timeoutMs`: an observation, never a failure. */
export async function storedWithin(page: Page, url: string, timeoutMs: number): Promise<boolean> {
  try {
    await waitUntilStored(page, url, timeoutMs);
    return true;
  } catch (error) {
    if ((error as Error).name === "TimeoutError") return false;
    throw error;
  }
}

/** Whether `url` shows up in Cache Storage within WRITE_GRACE_MS: the one wait for a write that must not happen. */
export function storedWithinGrace(page: Page, url: string): Promise<boolean> {
  return storedWithin(page, url, WRITE_GRACE_MS);
}

/** The state of the worker the page's registration made active (`activating`, `activated`), or null before there is one. */
export function activeWorkerState(page: Page): Promise<string | null> {
  return page.evaluate(activeWorkerStateInPage);
}

/** activeWorkerState() in the page, for any engine's evaluate. */
export async function activeWorkerStateInPage(): Promise<string | null> {
  return (await navigator.serviceWorker?.getRegistration())?.active?.state ?? null;
}
