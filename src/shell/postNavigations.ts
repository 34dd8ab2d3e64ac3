/**
 * NAV-1 / NAV-2: after every `history.pushState` / `replaceState` while online, post the new absolute
 * URL to the controlling worker as a `CACHE_URLS` message, so it can cache the navigation.
 */
import { isInScope } from "../core/basePath.ts";
import { cacheUrlsMessage, type PageToWorkerMessage } from "../core/messages.ts";

type HistoryMethod = "pushState" | "replaceState";

/**
 * Wraps the two history methods of `win`. The original runs first (so a cross-origin URL throws
 * before anything is posted); then `location.href` is the resolved new URL. Nothing is posted
 * offline, outside the scope, or when no worker controls the page yet — and nothing waits for one.
 * Returns a function that restores the originals.
 */
export function postNavigations(win: Window, scopeUrl: URL): () => void {
  const history = win.history;
  const restore: Array<() => void> = [];
  for (const method of ["pushState", "replaceState"] as const satisfies readonly HistoryMethod[]) {
    const original = history[method];
    history[method] = function (this: History, ...args: Parameters<History[HistoryMethod]>) {
      original.apply(this, args);
      postCurrentUrl(win, scopeUrl);
    };
    restore.push(() => {
      history[method] = original;
    });
  }
  return () => {
    for (const undo of restore) undo();
  };
}

function postCurrentUrl(win: Window, scopeUrl: URL): void {
  if (!win.navigator.onLine) return;
  const controller = win.navigator.serviceWorker?.controller;
  if (!controller) return;
  const url = new URL(win.location.href);
  if (!isInScope(url, scopeUrl)) return;
  controller.postMessage(cacheUrlsMessage([url.href]) satisfies PageToWorkerMessage);
}
