/**
 * Tells whether a page is still the same document: a marker set by the test survives only in that
 * document, and the spy notes `beforeunload`, which a reload fires before it leaves.
 */
import type { Page } from "@playwright/test";

declare global {
  interface Window {
    __pckMarker?: string;
    __pckOnlineSeen?: Promise<boolean>;
  }
}

export async function markDocument(page: Page, marker: string): Promise<void> {
  await page.evaluate((value) => {
    window.__pckMarker = value;
  }, marker);
}

export function documentState(page: Page): Promise<{ marker: string | null; leaving: boolean }> {
  return page.evaluate(() => ({ marker: window.__pckMarker ?? null, leaving: window.__pckSpy?.leaving ?? false }));
}

/**
 * Arms a wait for the page's next `online` or `offline` event. Listeners run in the order they were
 * added, so once this resolves the app's own listener has run too.
 */
export async function armConnectivityEvent(page: Page, type: "online" | "offline"): Promise<() => Promise<void>> {
  await page.evaluate((eventType) => {
    window.__pckOnlineSeen = new Promise((resolve) => window.addEventListener(eventType, () => resolve(true), { once: true }));
  }, type);
  return async () => {
    await page.evaluate(() => window.__pckOnlineSeen);
  };
}
