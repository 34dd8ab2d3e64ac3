/**
 * The suite's one way to bring a page under the app's worker (kit/workerControl.ts does it for the
 * suite and `init` alike), with the time this app needs: the kit's budget, or more where the probe
 * saw the app take longer. Where the probe saw no worker take control at all, a test that needs
 * control ends at once as inconclusive with the probe's finding, instead of waiting it out again.
 */
import { type Page, test } from "@playwright/test";
import type { AppFacts } from "../../kit/appFacts.ts";
import { SUITE_NOTE } from "../../kit/outcomes.ts";
import { bringUnderControl, CONTROL_TIMEOUT_MS, type WorkerWanted, waitForWorker, workerProgress } from "../../kit/workerControl.ts";

/**
 * A test waits this many times what the probe's control took, when that is more than the kit's
 * budget: the probe ran on the same machine moments before, so a slow install then is a slow one now.
 */
const PROBE_TIME_FACTOR = 3;

/** The note a test carries when it reloaded to take control, in the report's words. */
export const RELOADED_NOTE =
  "the app's worker did not control the page it was installed from (it does not claim clients), so the suite reloaded once, as a person's next visit does";

/** How long a test gives the app's worker to install, activate and control a page. */
export function controlTimeout(facts: AppFacts): number {
  const { state, ms } = facts.control.value;
  return state === "never" ? CONTROL_TIMEOUT_MS : Math.max(CONTROL_TIMEOUT_MS, PROBE_TIME_FACTOR * ms);
}

/**
 * Throws (inside a precondition: the test is inconclusive) when the probe found that no worker
 * becomes active for the app, so no test waits for one again.
 */
export function refuseWithoutControl(facts: AppFacts): void {
  const { state, ms, found } = facts.control.value;
  if (state === "never")
    throw new Error(
      `no service worker became active within ${ms} ms when the kit's probe opened the app${found ? ` (found: ${found})` : ""}; see "What the kit learned about your app" in the report`,
    );
}

/** A control wait's TimeoutError, saying where the page's registration stood. */
async function withProgress(page: Page, error: unknown): Promise<never> {
  if ((error as Error).name !== "TimeoutError") throw error;
  throw Object.assign(error as Error, { message: `${(error as Error).message} (found: ${await workerProgress(page)})` });
}

/**
 * Opens `url` and resolves once an activated worker controls the page, reloading once (and saying so
 * on the test) if the worker is active but did not claim it.
 */
export async function takeControl(page: Page, url: string, facts: AppFacts): Promise<void> {
  refuseWithoutControl(facts);
  await page.goto(url);
  await controlLoaded(page, facts);
}

/** takeControl() for a page already loaded (in the full Chromium, say). */
export async function controlLoaded(page: Page, facts: AppFacts): Promise<void> {
  refuseWithoutControl(facts);
  const how = await bringUnderControl(page, controlTimeout(facts)).catch((error: unknown) => withProgress(page, error));
  if (how === "reloaded") test.info().annotations.push({ type: SUITE_NOTE, description: RELOADED_NOTE });
}

/**
 * Waits, without reloading, until an activated worker controls the loaded page ("controlled"), or
 * until the page's registration has an activated worker whether or not it controls the page.
 */
export async function waitForWorkerOf(page: Page, wanted: WorkerWanted, facts: AppFacts): Promise<void> {
  refuseWithoutControl(facts);
  await waitForWorker(page, wanted, controlTimeout(facts)).catch((error: unknown) => withProgress(page, error));
}
