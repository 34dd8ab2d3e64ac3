/**
 * "The worker holds this page": what the offline and network-first clauses need before they judge
 * (NAV-2, NAV-4, NAV-5, ERR-6). Worker designs hold a page in one of two ways:
 * - a page cache (Serwist, Workbox's `NetworkFirst`, the reference) stores it under its own URL once
 *   an online visit has fetched it, a moment after the page shows;
 * - an app shell (Workbox's `NavigationRoute`, vite-plugin-pwa's default, Angular's ngsw) stores one
 *   document at install and answers every in-scope navigation with it, never under the page's URL.
 * The visit tells them apart without waiting on a guess: the server's answer carries a mark of the
 * test's own, so an answer from the worker without the mark came from what the worker already held.
 */
import type { Page, Response } from "@playwright/test";
import { precondition } from "../harness/applicability.ts";
import { expect } from "../harness/expect.ts";
import type { MockServer } from "../harness/mockServerProcess.ts";
import { cachedUrls } from "./browserState.ts";

export type Held = "stored under its URL" | "answered from the worker's cache";

/** The header a fault adds to the server's answers during a marked navigation. */
const MARK_HEADER = "x-pck-mark";

let marks = 0;

/**
 * Navigates `page` to `url` while the server marks its answers for `url`'s path, and says whether
 * the worker answered from its cache: a response from the worker without the mark never came from
 * the server (a preload the browser sent anyway may still be under way, unused).
 */
export async function gotoMarked(page: Page, mock: MockServer, url: string): Promise<{ response: Response | null; fromCache: boolean }> {
  marks += 1;
  const mark = `mark-${marks}-${Date.now()}`;
  const fault = await mock.addFault({ path: url.split("?")[0] ?? url, representation: "document", responseHeaders: { [MARK_HEADER]: mark } });
  try {
    const response = await page.goto(url);
    return { response, fromCache: response?.fromServiceWorker() === true && response.headers()[MARK_HEADER] !== mark };
  } finally {
    await mock.removeFault(fault.id);
  }
}

/**
 * Visits `path` online on the controlled `page` and resolves once the worker holds it: at once when
 * the worker answered from its cache, else when Cache Storage has the page under its URL. Inside a
 * precondition: a worker that fetches the page and never stores it leaves the test inconclusive.
 */
export function visitHeld(page: Page, mock: MockServer, path: string, origin: string | undefined): Promise<Held> {
  return precondition(`the worker holds ${path} after an online visit (NAV-1, NAV-3)`, async () => {
    if ((await gotoMarked(page, mock, path)).fromCache) return "answered from the worker's cache";
    await expect.poll(() => cachedUrls(page), { message: `Cache Storage holds ${path} after the visit` }).toContain(`${origin}${path}`);
    return "stored under its URL";
  });
}
