/** Chromium for the benchmarks, launched as the suite launches it, and what a page can tell about its own load. */
import { type Browser, chromium, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "../../kit/chromium.mjs";

export async function launchChromium(): Promise<Browser> {
  const found = findChromium();
  if (!found) throw new Error("Failed to launch Chromium: none found. Set PCK_CHROMIUM, run 'npx playwright install chromium', or install the OS package.");
  return chromium.launch({ args: CHROMIUM_ARGS, ...(found.executablePath ? { executablePath: found.executablePath } : {}) });
}

/** Milliseconds from the start of the page's navigation, from the Navigation Timing entry. */
export interface NavigationTiming {
  /** The whole document has arrived (from the network or from the worker). */
  readonly responseEnd: number;
  /** The `load` event starts: scripts have run, the page is shown and usable. */
  readonly loadEventStart: number;
}

export function navigationTiming(page: Page): Promise<NavigationTiming> {
  return page.evaluate(() => {
    const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    if (!entry || entry.loadEventStart === 0) throw new Error("Failed to read the navigation timing: the page has not fired load yet.");
    return { responseEnd: entry.responseEnd - entry.startTime, loadEventStart: entry.loadEventStart - entry.startTime };
  });
}

/** Resolves once Cache Storage holds `url` (the worker stores a navigation after answering it). */
export async function waitUntilCached(page: Page, url: string): Promise<void> {
  await page.waitForFunction(async (href) => (await caches.match(href)) !== undefined, url, { polling: 50 });
}

export async function waitForController(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null);
}
