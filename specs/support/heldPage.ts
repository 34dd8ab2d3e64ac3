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
import { expect, type Page } from "@playwright/test";
import { precondition } from "./applicability.ts";
import { cachedUrls } from "./browserState.ts";
import type { MockServer } from "./mockServerProcess.ts";

export type Held = "stored under its URL" | "answered from the worker's cache";

/** The header a fault adds to the server's answers during the visit. */
const HELD_HEADER = "x-pck-held";

let visits = 0;

/**
 * Visits `path` online on the controlled `page` and resolves once the worker holds it: at once when
 * the worker answered from its cache, else when Cache Storage has the page under its URL. Inside a
 * precondition: a worker that fetches the page and never stores it leaves the test inconclusive.
 */
export function visitHeld(page: Page, mock: MockServer, path: string, origin: string | undefined): Promise<Held> {
  return precondition(`the worker holds ${path} after an online visit (NAV-1, NAV-3)`, async () => {
    visits += 1;
    const mark = `held-${visits}-${Date.now()}`;
    const fault = await mock.addFault({ path: path.split("?")[0] ?? path, representation: "document", responseHeaders: { [HELD_HEADER]: mark } });
    try {
      const response = await page.goto(path);
      if (response?.fromServiceWorker() && response.headers()[HELD_HEADER] !== mark) return "answered from the worker's cache";
      await expect.poll(() => cachedUrls(page), { message: `Cache Storage holds ${path} after the visit` }).toContain(`${origin}${path}`);
      return "stored under its URL";
    } finally {
      await mock.removeFault(fault.id);
    }
  });
}
