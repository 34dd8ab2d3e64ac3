/**
 * Tells whether a page is still the same document: a marker set by the test survives only in that
 * document, and the spy notes `beforeunload`, which a reload fires before it leaves.
 */
import type { Page } from "@playwright/test";

declare global {
  interface Window {
    __pckMarker?: string;
  }
}

export async function markDocument(page: Page, marker: string): Promise<void> {
  await page.evaluate((value) => {
    window.__pckMarker = value;
  }, marker);
}

/**
 * Runs `step` on the page's document once it has loaded, again on the next one if a navigation the
 * app began (a reload on `controllerchange`, say) replaces it meanwhile: the step then acts on the
 * document that stays, and a further reload still shows (a lost mark, a lost listener's note).
 */
export async function inSettledDocument<T>(page: Page, step: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    // Not a document that is leaving (the spy notes `beforeunload`, which a reload fires at once);
    // waitForFunction outlives the navigation and reads the document that comes of it.
    await page.waitForFunction(() => document.readyState === "complete" && window.__pckSpy?.leaving !== true);
    try {
      return await step();
    } catch (error) {
      if (attempt >= 4 || !/Execution context was destroyed|navigation/i.test((error as Error).message)) throw error;
    }
  }
}

/** markDocument() on the document that stays (inSettledDocument). */
export function markSettledDocument(page: Page, marker: string): Promise<void> {
  return inSettledDocument(page, () => markDocument(page, marker));
}

/**
 * The marked document's state. A document being replaced while we ask (a reload under way) is an
 * answer too — it is leaving — not an error of the suite.
 */
export async function documentState(page: Page): Promise<{ marker: string | null; leaving: boolean }> {
  try {
    return await page.evaluate(() => ({ marker: window.__pckMarker ?? null, leaving: window.__pckSpy?.leaving ?? false }));
  } catch (error) {
    if (/Execution context was destroyed|navigation/i.test((error as Error).message)) return { marker: null, leaving: true };
    throw error;
  }
}

/** sessionStorage key the armed listener sets: it outlives a document the event makes the app replace. */
const SEEN_KEY = "__pck_connectivity_seen";

/**
 * Arms a wait for the page's next `online` or `offline` event. Listeners run in the order they were
 * added, so once this resolves the app's own listener has run too. The event is noted in
 * sessionStorage and waited for with `waitForFunction`, which carries over to a new document: an app
 * that reloads inside its `online` listener (no settle time, which ONL-1's other specs catch) does
 * not take the wait down with the old document.
 */
export async function armConnectivityEvent(page: Page, type: "online" | "offline"): Promise<() => Promise<void>> {
  await page.evaluate(
    ({ eventType, key }) => {
      sessionStorage.removeItem(key);
      window.addEventListener(eventType, () => sessionStorage.setItem(key, eventType), { once: true });
    },
    { eventType: type, key: SEEN_KEY },
  );
  return async () => {
    await page.waitForFunction(({ eventType, key }) => sessionStorage.getItem(key) === eventType, { eventType: type, key: SEEN_KEY });
  };
}

/** The document state in words, for a failure message: what the app did. */
export function describeDocumentState(state: { marker: string | null; leaving: boolean }): string {
  if (state.leaving) return "the page was navigating away (reloading)";
  return state.marker === null ? "the page had reloaded (a new document, without the marker)" : "the page stayed as it was";
}
