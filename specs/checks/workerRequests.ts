/**
 * The app's service worker's own requests, as a person's browser would let them finish. A worker can
 * take control before its install-time fetching is over: Angular's ngsw claims the page, then fetches
 * its manifest and prefetches its app shell one file after another, hashing each (seen: 117 ms
 * between two of its requests on an idle machine, more under load). A test that goes offline the
 * moment the page is controlled can cut that short, which a person who visits and later opens the app
 * never does (seen on the Angular app: the start URL offline answered 504). The probe learns which
 * files the worker fetches of its own accord; a test waits for those, then for a short quiet.
 */
import type { BrowserContext, Request } from "@playwright/test";
import { cameWithin } from "../harness/applicability.ts";
import { expect } from "../harness/expect.ts";

/** How long without a worker request in flight counts as its fetching being over, once the expected files came. */
export const QUIET_MS = 500;
/** A worker that keeps fetching longer than this is let be: the test goes on and the report says so. */
export const SETTLE_MS = 15_000;

export interface WorkerRequests {
  /** The worker's own requests so far, first seen first: their paths (same-origin) or URLs, without the query. */
  readonly ownPaths: () => string[];
  /**
   * Resolves true once the worker has requested and finished each of `expected` (paths as `ownPaths`
   * gives them) and none of its requests has been in flight for `quietMs`; false after `maxMs`, with
   * a note in the report.
   */
  readonly settled: (options: { expected: readonly string[]; quietMs?: number; maxMs?: number }) => Promise<boolean>;
}

/** A request's path on `origin`, or its whole URL elsewhere, without query or fragment (ngsw busts its cache with a query). */
function pathOf(url: string, origin: string): string {
  const parsed = new URL(url);
  return parsed.origin === origin ? parsed.pathname : `${parsed.origin}${parsed.pathname}`;
}

/**
 * Watches `context`'s service worker requests from now on (call it before the app registers). A
 * worker request counts as the worker's own unless a page of the context had a request for the same
 * path in flight when it started: that one is the worker passing a page's request on.
 */
export function watchWorkerRequests(context: BrowserContext, origin: string): WorkerRequests {
  const pageInFlight = new Map<string, number>();
  const inFlight = new Set<Request>();
  const own = new Map<Request, string>();
  const ownFinished = new Set<string>();
  const ownSeen: string[] = [];
  let lastChange = Date.now();
  context.on("request", (request) => {
    const path = pathOf(request.url(), origin);
    if (request.serviceWorker() === null) {
      pageInFlight.set(path, (pageInFlight.get(path) ?? 0) + 1);
      return;
    }
    inFlight.add(request);
    lastChange = Date.now();
    if ((pageInFlight.get(path) ?? 0) > 0) return;
    own.set(request, path);
    if (!ownSeen.includes(path)) ownSeen.push(path);
  });
  const ended = (request: Request) => {
    if (request.serviceWorker() === null) {
      const path = pathOf(request.url(), origin);
      const left = (pageInFlight.get(path) ?? 1) - 1;
      if (left > 0) pageInFlight.set(path, left);
      else pageInFlight.delete(path);
      return;
    }
    if (!inFlight.delete(request)) return;
    lastChange = Date.now();
    const path = own.get(request);
    if (path !== undefined) ownFinished.add(path);
  };
  context.on("requestfinished", ended);
  context.on("requestfailed", ended);
  return {
    ownPaths: () => [...ownSeen],
    settled: ({ expected, quietMs = QUIET_MS, maxMs = SETTLE_MS }) =>
      cameWithin(
        expected.length === 0
          ? `the worker's own requests are over (${quietMs} ms without one)`
          : `the worker fetched what the probe saw it fetch of its own accord (${expected.join(", ")}), then ${quietMs} ms without a request`,
        () =>
          expect
            .poll(() => expected.every((path) => ownFinished.has(path)) && inFlight.size === 0 && Date.now() - lastChange >= quietMs, {
              timeout: maxMs,
            })
            .toBe(true),
      ),
  };
}
