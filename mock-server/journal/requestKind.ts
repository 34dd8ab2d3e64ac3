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
  /** The request asked for the data representation (representation.ts). */
  readonly data: boolean;
}

export function requestKind({ fromWorker, navigationPreload, secFetchMode, data }: KindSignals): RequestKind {
  // A preload carries the navigation's own headers, so it is told apart before the navigation.
  if (navigationPreload) return "preload";
  if (fromWorker === true) return "worker";
  if (secFetchMode === "navigate") return "navigation";
  return data ? "data" : "subresource";
}
