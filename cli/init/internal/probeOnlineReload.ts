/**
 * Whether the app reloads when the browser comes back online, and after how long: the page runs on
 * a paused fake clock (as ONL-1's specs run it), goes offline and online again for real, and the clock
 * is moved on checkpoint by checkpoint until the marked document begins to leave.
 *
 * The document's leaving is seen through the Navigation API's `navigate` event, not `beforeunload`:
 * Chromium left `Target.disposeBrowserContext` unanswered (minutes, until the browser was killed)
 * when the context was closed while a document with a `beforeunload` listener was being replaced,
 * between the reload's response and its commit, fake clock or not (init hung in 2 of 10 runs here).
 * For the same reason, and for an app's own `beforeunload` listener, the probe returns only once
 * the new document has loaded.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { installFakeClock, pauseFakeClock } from "../../../kit/fakeClock.ts";
import type { OnlineFact } from "../appFacts.ts";
import { SETTLE_CHECKPOINTS_MS } from "../settleCheckpoints.ts";
import { waitForControl } from "./pageReads.ts";
import { ACTION_TIMEOUT_MS, LOAD_TIMEOUT_MS } from "./timeouts.ts";

/** sessionStorage key the armed listener sets: it outlives a document the event makes the app replace. */
const SEEN_KEY = "__pck_init_connectivity_seen";

type Marked = Window & { __pckInitMarker?: string; __pckInitLeaving?: boolean };

function isGone(error: unknown): boolean {
  return /Execution context was destroyed|navigat|Target closed/i.test((error as Error).message);
}

/** Goes offline or online and waits until the page's own listeners have seen the event. */
async function switchConnectivity(page: Page, context: BrowserContext, online: boolean): Promise<void> {
  const type = online ? "online" : "offline";
  await page.evaluate(
    ({ eventType, key }) => {
      sessionStorage.removeItem(key);
      window.addEventListener(eventType, () => sessionStorage.setItem(key, eventType), { once: true });
    },
    { eventType: type, key: SEEN_KEY },
  );
  await context.setOffline(!online);
  await page.waitForFunction(
    ({ eventType, key }) => sessionStorage.getItem(key) === eventType,
    { eventType: type, key: SEEN_KEY },
    { timeout: ACTION_TIMEOUT_MS },
  );
}

/**
 * Marks the document and notes when it begins to leave. `navigate` fires synchronously inside
 * `location.reload()` (or any other navigation the page starts), as `beforeunload` does, so the
 * checkpoint that ran the app's settle timer reads it.
 */
function markDocument(page: Page): Promise<void> {
  return page.evaluate(() => {
    (window as Marked).__pckInitMarker = "original";
    window.navigation.addEventListener("navigate", (event) => {
      if (!event.destination.sameDocument) (window as Marked).__pckInitLeaving = true;
    });
  });
}

async function leaving(page: Page): Promise<boolean> {
  try {
    return await page.evaluate(() => (window as Marked).__pckInitMarker !== "original" || (window as Marked).__pckInitLeaving === true);
  } catch (error) {
    if (isGone(error)) return true;
    throw error;
  }
}

/**
 * Waits until the document that replaced the marked one has loaded, so the context is not closed in
 * the middle of the navigation. A reload that does not load within LOAD_TIMEOUT_MS still counts: the
 * app began it, which is what the probe measures.
 */
async function waitForNewDocument(page: Page): Promise<void> {
  try {
    await page.waitForFunction(() => (window as Marked).__pckInitMarker === undefined && document.readyState === "complete", undefined, {
      timeout: LOAD_TIMEOUT_MS,
    });
  } catch {
    // The fact stands; discoverApp's bounded close and the browser's close deal with the page.
  }
}

export async function probeOnlineReload(context: BrowserContext, home: string): Promise<OnlineFact> {
  const page = await context.newPage();
  // The suite's fake clock (kit/fakeClock.ts): ticking while the app loads, paused once controlled.
  await installFakeClock(page);
  await page.goto(home, { timeout: LOAD_TIMEOUT_MS });
  await waitForControl(page);
  await pauseFakeClock(page);
  await markDocument(page);
  await switchConnectivity(page, context, false);
  await switchConnectivity(page, context, true);
  let elapsed = 0;
  for (const checkpoint of SETTLE_CHECKPOINTS_MS) {
    if (checkpoint > elapsed) {
      try {
        await page.clock.runFor(checkpoint - elapsed);
      } catch (error) {
        if (!isGone(error)) throw error;
      }
      elapsed = checkpoint;
    }
    if (await leaving(page)) {
      await waitForNewDocument(page);
      return { reloads: true, settleMs: checkpoint };
    }
  }
  return { reloads: false, waitedMs: elapsed };
}
