/**
 * A failed test keeps its Playwright worker: see cli/report/keptWorkerReporter.ts for why, and how every
 * reporter still sees the failure. Only a failure that leaves nothing behind: the test body ended
 * with an assertion's or a call's error (not a timeout, whose body may still be running, nor an
 * interruption), the browser is still connected, no retries are configured (a retry follows a
 * failure Playwright counts), and Playwright's own tracing, which keeps a failed test's trace only
 * while the test counts as failed, is off (the suite's own takes its place: failureArtifacts.ts).
 */
import type { Browser, TestInfo } from "@playwright/test";
import { ENV } from "../../kit/env.mjs";
import { KEPT_WORKER } from "../../kit/outcomes.ts";
import { playwrightTraceMode } from "./failureArtifacts.ts";

/** Whether the run's first reporter turns a kept worker's mark back (it says so before workers start). */
export const KEEPS_WORKERS = process.env[ENV.keptWorkers] === "1";

/** Called at the very end of a test's fixtures: marks a failure that can keep the worker. */
export function keepWorkerAfterFailure(testInfo: TestInfo, browser: Browser): void {
  if (!KEEPS_WORKERS || testInfo.status !== "failed" || testInfo.expectedStatus !== "passed") return;
  if (testInfo.project.retries > 0 || !browser.isConnected()) return;
  const mode = playwrightTraceMode(testInfo);
  if (mode !== "off" && mode !== "on") return;
  testInfo.annotations.push({ type: KEPT_WORKER, description: "the test failed; its worker goes on to the next test" });
  testInfo.fail();
}

/** The auto fixture the suite (specs/fixtures.ts) and its guard test (keepWorker.test.ts) both use: last to end. */
export const keepWorkerFixture = [
  async ({ browser }: { browser: Browser }, use: (value: undefined) => Promise<void>, testInfo: TestInfo) => {
    await use(undefined);
    keepWorkerAfterFailure(testInfo, browser);
  },
  { auto: true },
] as [(fixtures: { browser: Browser }, use: (value: undefined) => Promise<void>, testInfo: TestInfo) => Promise<void>, { auto: true }];
