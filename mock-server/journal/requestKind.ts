/**
 * Which of an app's requests a journal entry is, so a digest, a fault or a timing is read against the
 * right one: a page load can reach the server as the browser's navigation, the worker's navigation
 * preload, the worker's own fetch of the same URL, and a client-side navigation's data request. A
 * WebSocket handshake forwarded in proxy mode is `websocket` (forwardUpgrades.ts).
 */
export type RequestKind = "navigation" | "preload" | "worker" | "data" | "subresource" | "websocket";

export interface KindSignals {
  /** The worker's script URL was the referrer. */
  readonly fromWorker: boolean | null;
  /** It carried `Service-Worker-Navigation-Preload`. */
  readonly navigationPreload: boolean;
  readonly secFetchMode: string | null;
  readonly secFetchDest: string | null;
  /** The request asked for the data representation (representation.ts). */
  readonly data: boolean;
}

export function requestKind({ fromWorker, navigationPreload, secFetchMode, secFetchDest, data }: KindSignals): RequestKind {
  // A preload carries the navigation's own headers, so it is told apart before the navigation.
  if (navigationPreload) return "preload";
  if (fromWorker === true) return "worker";
  // A running worker passing the navigation on (`fetch(event.request)`) keeps its `navigate` mode and
  // its page's referrer, but Chromium sends it as `Sec-Fetch-Dest: empty`: no browser navigation
  // has that destination (a page's is `document`, a frame's `iframe`). A worker started cold sends
  // nothing of its own: Chromium's ServiceWorkerAutoPreload sent the browser's request while it
  // started, with no header to tell it by, and the worker's fetch took that answer: `navigation`.
  if (secFetchMode === "navigate") return secFetchDest === "empty" ? "worker" : "navigation";
  return data ? "data" : "subresource";
}
