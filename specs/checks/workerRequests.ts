/**
 * The app's service worker's own requests, as a person's browser would let them finish. A worker can
 * take control before its install-time fetching is over: Angular's ngsw claims the page, then fetches
 * its manifest and prefetches its app shell. A test that goes offline the moment the page is
 * controlled can cut that short, which a person who visits and later opens the app never does (seen
 * on the Angular app: the start URL offline answered 504 when going offline met the shell's fetch).
 */
import type { BrowserContext, Request } from "@playwright/test";
import { cameWithin } from "../harness/applicability.ts";
import { expect } from "../harness/expect.ts";

/** How long without a request of the worker in flight counts as its fetching being over. */
const QUIET_MS = 500;
/** A worker that keeps fetching longer than this is let be: the test goes on and says so. */
const SETTLE_MS = 10_000;

/**
 * Watches `context`'s service worker requests from now on (call it before the app registers);
 * `settled()` resolves once none has been in flight for QUIET_MS, or after SETTLE_MS with a note in
 * the report.
 */
export function watchWorkerRequests(context: BrowserContext): { settled: () => Promise<boolean> } {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  context.on("request", (request) => {
    if (request.serviceWorker() === null) return;
    inFlight.add(request);
    lastChange = Date.now();
  });
  const ended = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  context.on("requestfinished", ended);
  context.on("requestfailed", ended);
  return {
    settled: () =>
      cameWithin("the worker's own requests are over", () =>
        expect.poll(() => inFlight.size === 0 && Date.now() - lastChange >= QUIET_MS, { timeout: SETTLE_MS }).toBe(true),
      ),
  };
}
