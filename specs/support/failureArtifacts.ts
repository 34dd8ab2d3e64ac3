/**
 * The suite keeps a failed test's trace and screenshots itself, in place of Playwright's
 * `trace: "retain-on-failure"` and `screenshot: "only-on-failure"`: Playwright decides to keep a
 * trace only after the suite has marked a failure that keeps its worker (keepWorker.ts), and would
 * throw that failure's trace away; and its screenshots take every page of the worker, the next
 * test's prepared page among them (preparedPages.ts). The same recording (actions, DOM snapshots,
 * screenshots, network, sources), attached as `trace` and `screenshot` like Playwright's own, so the
 * HTML report opens them and the conformance report links the trace. When a run asks Playwright for
 * traces itself (`--trace on`), Playwright's are the ones recorded.
 */
import type { BrowserContext, TestInfo } from "@playwright/test";

/** Playwright's own trace mode for the test's project (`use.trace`, or `--trace` on the command line). */
export function playwrightTraceMode(testInfo: TestInfo): string {
  const trace = testInfo.project.use.trace;
  if (trace === undefined) return "off";
  return typeof trace === "string" ? trace : trace.mode;
}

const attachmentPath = (testInfo: TestInfo, name: string, extension: string): string =>
  testInfo.outputPath(`${name}-${testInfo.attachments.filter((a) => a.name === name).length + 1}.${extension}`);

/**
 * Starts recording `context` for the test when the suite's artifacts are on and Playwright traces
 * nothing; returns what ends it: the trace and a screenshot of each open page kept as attachments
 * when the test failed, dropped when it passed. A context the test closed itself has nothing left.
 */
export async function recordFailure(context: BrowserContext, testInfo: TestInfo, enabled: boolean): Promise<() => Promise<void>> {
  if (!enabled || playwrightTraceMode(testInfo) !== "off") return async () => undefined;
  await context.tracing.start({ screenshots: true, snapshots: true, sources: true, title: testInfo.titlePath.slice(1).join(" › ") });
  return async () => {
    if (testInfo.status === testInfo.expectedStatus) {
      await context.tracing.stop().catch(() => undefined);
      return;
    }
    for (const page of context.pages()) {
      const path = attachmentPath(testInfo, "screenshot", "png");
      const taken = await page.screenshot({ path, timeout: 5_000 }).then(
        () => true,
        () => false,
      );
      if (taken) testInfo.attachments.push({ name: "screenshot", path, contentType: "image/png" });
    }
    const path = attachmentPath(testInfo, "trace", "zip");
    const kept = await context.tracing.stop({ path }).then(
      () => true,
      () => false,
    );
    if (kept) testInfo.attachments.push({ name: "trace", path, contentType: "application/zip" });
  };
}
