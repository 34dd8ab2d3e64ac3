/**
 * The size baseline for the page side: what an app writes with @serwist/window to get what
 * src/shell/startShell.ts does — register at the scope after `load` (Serwist.register waits for it),
 * report registered/controlled, post each history change as `CACHE_URLS`, reload when back online.
 * Idiomatic and no larger than needed; the library is the point of the comparison.
 */
import { Serwist } from "@serwist/window";

export function startWithSerwist(win: Window, scriptUrl: string, scope: string, onStatus: (state: string) => void): void {
  const serwist = new Serwist(scriptUrl, { scope });
  serwist.addEventListener("controlling", () => onStatus("controlled"));
  void serwist.register().then(() => onStatus("registered"));
  for (const method of ["pushState", "replaceState"] as const) {
    const original = win.history[method];
    win.history[method] = function (this: History, ...args: Parameters<History["pushState"]>) {
      original.apply(this, args);
      if (win.navigator.onLine) void serwist.messageSW({ type: "CACHE_URLS", payload: { urlsToCache: [win.location.href] } });
    };
  }
  win.addEventListener("online", () => win.location.reload());
}
