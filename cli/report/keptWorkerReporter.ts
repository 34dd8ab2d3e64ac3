/**
 * First in every reporter list of the suite's config: it lets a failed test keep its Playwright worker
 * without any reporter, the exit code or the JUnit file seeing the failure as anything but a failure.
 *
 * Playwright starts a new worker process after every failed test (its modules, the fixtures, the
 * browser: about a second each, and an app that fails 30 tests paid half a minute of a check for it),
 * and has no option to keep the worker (microsoft/playwright#32803). The suite's tests share nothing
 * in the worker but the browser and the mock server's connection, both checked after a failure. So
 * the suite marks a test that failed on an assertion as an expected failure at its very end
 * (specs/support/keepWorker.ts), which keeps the worker, and this reporter, which runs before the
 * others for each result, marks it back as a test that was expected to pass. It announces itself in
 * the environment the test workers start with: without it (a run with `--reporter` of its own) the
 * suite never marks a failure, and Playwright restarts the worker as usual.
 */
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";
import { ENV } from "../../kit/env.mjs";
import { KEPT_WORKER } from "../../kit/outcomes.ts";

type Annotation = TestCase["annotations"][number];

/** The annotations without the kept-worker mark and the `fail` the suite added beside it. */
function withoutMark(annotations: readonly Annotation[]): Annotation[] {
  return annotations.filter((annotation) => annotation.type !== KEPT_WORKER && annotation.type !== "fail");
}

export default class KeptWorkerReporter implements Reporter {
  onBegin(): void {
    // Test workers are started after onBegin, with the runner's environment as it is then.
    process.env[ENV.keptWorkers] = "1";
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (!result.annotations.some((annotation) => annotation.type === KEPT_WORKER)) return;
    test.expectedStatus = "passed";
    test.annotations.splice(0, test.annotations.length, ...withoutMark(test.annotations));
    result.annotations.splice(0, result.annotations.length, ...withoutMark(result.annotations));
  }

  printsToStdio(): boolean {
    return false;
  }
}
