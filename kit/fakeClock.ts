/**
 * The fake clock ONL-1's specs and init's online probe drive: installed before the page loads,
 * ticking while the app loads, paused once a worker controls the page, so only `runFor` moves it.
 * Ticking at load matters: an app that renders and registers on timers (zoneless Angular's
 * scheduler, `registerWhenStable`) shows nothing under a clock paused from the start. Paused after:
 * a ticking clock fired a settle timer armed by `online` whenever a step took longer than the settle
 * time (11 of 150 runs on a loaded machine).
 */
import type { Page } from "@playwright/test";

/** Any fixed instant: the page's fake clock starts there. */
const CLOCK_START = new Date("2026-01-01T00:00:00Z").getTime();
/** `pauseAt` only moves forward: a margin past the page's fake now that no step between takes. */
const PAUSE_MARGIN_MS = 1_000;

/** Installs the fake clock; call before the page loads. */
export function installFakeClock(page: Page): Promise<void> {
  return page.clock.install({ time: CLOCK_START });
}

/** Pauses the clock just past the page's fake now, once the app has loaded and is controlled. */
export async function pauseFakeClock(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + PAUSE_MARGIN_MS);
}
