/**
 * Offline for the specs of the clauses that are not about `online` (NAV-3/4/6, ERR-6, ONL-2's
 * switch). Under Playwright's offline emulation Chromium fires `online` events in a worker-controlled
 * page while an offline navigation is in flight (in 9 of 30 offline
 * navigations against the second app, one of them with `navigator.onLine` true for a moment). An app that
 * reloads at once on `online`, which ONL-1 rules out, then cancels the very navigation such a spec
 * checks, and that clause fails at random for ONL-1's fault. While held, the spy's init script drops
 * `online` events before the app's listeners see them. The ONL-1 and NAV-2 specs never hold.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { OFFLINE_HOLD_KEY } from "./spy.ts";

/** Takes the context offline for the rest of the test; `page` must be on the app's origin. */
export async function holdOffline(page: Page, context: BrowserContext): Promise<void> {
  await page.evaluate((key) => sessionStorage.setItem(key, "held"), OFFLINE_HOLD_KEY);
  await context.setOffline(true);
}

/**
 * Keeps the page's `online` events from the app for the rest of the test, without going offline:
 * for specs whose slow navigation a reload on a stray `online` event would cancel (ONL-1's subject).
 */
export async function ignoreOnlineEvents(page: Page): Promise<void> {
  await page.evaluate((key) => sessionStorage.setItem(key, "held"), OFFLINE_HOLD_KEY);
}
