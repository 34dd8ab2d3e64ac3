/**
 * Brings a page under the app's worker as a person's browser would. A worker that does not claim
 * the page it was installed from (Workbox's and vite-plugin-pwa's default, `registerType: 'prompt'`
 * without `clientsClaim`) controls the next page load: once the worker is active and the page still
 * has no controller, one reload is what a person's next visit does. Whether the first page is
 * claimed is REG's subject, never a precondition of another clause's test.
 *
 * When no worker becomes active at all, the first test that waits for it writes down why in the
 * run's output folder (takeControlOnce); every later test of the run, in any Playwright worker,
 * ends at once as inconclusive with that reason instead of waiting CONTROL_TIMEOUT_MS again.
 */
import type { Page, TestInfo } from "@playwright/test";
import { SUITE_NOTE } from "../../kit/outcomes.ts";
import { bringUnderControl } from "../../kit/workerControl.ts";
import { CONTROL_TIMEOUT_MS, type ErrorWithProgress, withInstallTime } from "./installTime.ts";
import { knownFact, recordFact } from "./runFacts.ts";

/** The note a test carries when it reloaded to take control, in the report's words. */
export const RELOADED_NOTE =
  "the app's worker did not control the page it was installed from (it does not claim clients), so the suite reloaded once, as a person's next visit does";

/**
 * Throws (inside a precondition: the test is inconclusive) when an earlier test of the run found
 * that no worker becomes active for the app, so this one does not wait CONTROL_TIMEOUT_MS for it too.
 */
export function refuseKnownNoControl(testInfo: TestInfo): void {
  const known = knownFact(testInfo, "no-worker-control");
  if (known) throw new Error(`${known} (found by an earlier test of this run, so not waited for again)`);
}

/**
 * Opens `url` and resolves once an activated worker controls the page, reloading once (and saying
 * so on the test) if the worker is active but did not claim it. Rejects with a TimeoutError when no
 * worker became active within CONTROL_TIMEOUT_MS.
 */
export async function takeControl(page: Page, url: string, testInfo: TestInfo): Promise<void> {
  refuseKnownNoControl(testInfo);
  await page.goto(url);
  if ((await withInstallTime(page, (timeout) => bringUnderControl(page, timeout))) === "reloaded") {
    testInfo.annotations.push({ type: SUITE_NOTE, description: RELOADED_NOTE });
  }
}

/**
 * takeControl() for a test that has changed nothing of the app yet (the `controlledPage` fixture,
 * right after the server's reset): a worker that never becomes active then says something about the
 * app, so it is written down and every later test of the run ends at once with the same reason.
 */
export async function takeControlOnce(page: Page, url: string, testInfo: TestInfo): Promise<void> {
  try {
    await takeControl(page, url, testInfo);
  } catch (error) {
    if ((error as Error).name !== "TimeoutError" || (await page.evaluate(() => navigator.serviceWorker?.controller?.state === "activated"))) throw error;
    const progress = (error as Partial<ErrorWithProgress>).progress;
    const reason = `no service worker became active for ${url} within ${CONTROL_TIMEOUT_MS} ms${progress ? ` (found: ${progress})` : ""}`;
    recordFact(testInfo, "no-worker-control", reason);
    throw new Error(reason);
  }
}
