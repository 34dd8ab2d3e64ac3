/**
 * The suite records its own traces, kept for failed tests only, in place of Playwright's
 * `trace: "retain-on-failure"`: Playwright decides to keep a trace only after the suite has marked a
 * failure that keeps its worker (keepWorker.ts), and would throw that failure's trace away. The same
 * recording (actions, DOM snapshots, screenshots, network, sources), attached as `trace` like
 * Playwright's own, so the HTML report opens it and the conformance report links it. When a run asks
 * Playwright for traces itself (`--trace on`), Playwright's are the ones recorded.
 */
import type { BrowserContext, TestInfo } from "@playwright/test";

/** Playwright's own trace mode for the test's project (`use.trace`, or `--trace` on the command line). */
export function playwrightTraceMode(testInfo: TestInfo): string {
  const trace = testInfo.project.use.trace;
  if (trace === undefined) return "off";
  return typeof trace === "string" ? trace : trace.mode;
}

/**
 * Starts recording `context` for the test when the suite's traces are on and Playwright records
 * none; returns what ends it: kept as an attachment when the test failed, dropped when it passed.
 */
export async function traceOnFailure(context: BrowserContext, testInfo: TestInfo, enabled: boolean): Promise<() => Promise<void>> {
  if (!enabled || playwrightTraceMode(testInfo) !== "off") return async () => undefined;
  await context.tracing.start({ screenshots: true, snapshots: true, sources: true, title: testInfo.titlePath.slice(1).join(" › ") });
  return async () => {
    // A context the test closed itself has nothing left to stop.
    if (testInfo.status === testInfo.expectedStatus) {
      await context.tracing.stop().catch(() => undefined);
      return;
    }
    const path = testInfo.outputPath(`trace-${testInfo.attachments.filter((a) => a.name === "trace").length + 1}.zip`);
    const kept = await context.tracing.stop({ path }).then(
      () => true,
      () => false,
    );
    if (kept) testInfo.attachments.push({ name: "trace", path, contentType: "application/zip" });
  };
}
