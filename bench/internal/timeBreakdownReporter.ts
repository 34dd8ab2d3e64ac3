/**
 * A Playwright reporter for `bench:check --breakdown`: where one check's time goes. For each test
 * that ran, its time split into set-up (Playwright's "Before Hooks" step: fixtures and beforeEach,
 * the browser context, the worker taking control), its body, and teardown ("After Hooks": traces,
 * screenshots, closing the context); then the time each parallel slot spent between tests (a new
 * worker process after a failure, its browser and fixtures). Written as JSON to PCK_BENCH_BREAKDOWN.
 */
import { writeFileSync } from "node:fs";
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

export interface TimeBreakdown {
  readonly wallMs: number;
  readonly tests: number;
  readonly workerProcesses: number;
  readonly testMs: number;
  readonly setupMs: number;
  readonly bodyMs: number;
  readonly teardownMs: number;
  /** Summed over the parallel slots: from one test's end to the next test's start in the same slot. */
  readonly betweenTestsMs: number;
  /** From the run's start to the first test's, the longest of the slots. */
  readonly beforeFirstTestMs: number;
  /** The longest test bodies, for what remains. */
  readonly longestBodies: readonly { readonly title: string; readonly status: string; readonly bodyMs: number }[];
  /** Every test that ran and its whole time, to set one app's tests against another's. */
  readonly testTimes: readonly { readonly title: string; readonly durationMs: number }[];
}

interface Ran {
  readonly title: string;
  readonly status: string;
  readonly slot: number;
  readonly worker: number;
  readonly start: number;
  readonly durationMs: number;
  readonly setupMs: number;
  readonly teardownMs: number;
}

const hookMs = (result: TestResult, title: string): number =>
  result.steps.filter((step) => step.category === "hook" && step.title === title).reduce((sum, step) => sum + step.duration, 0);

export default class TimeBreakdownReporter implements Reporter {
  readonly #ran: Ran[] = [];
  #startedAt = Date.now();

  onBegin(): void {
    this.#startedAt = Date.now();
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === "skipped") return;
    this.#ran.push({
      title: test.titlePath().slice(3).join(" › "),
      status: result.status,
      slot: result.parallelIndex,
      worker: result.workerIndex,
      start: result.startTime.getTime(),
      durationMs: result.duration,
      setupMs: hookMs(result, "Before Hooks"),
      teardownMs: hookMs(result, "After Hooks"),
    });
  }

  onEnd(result: FullResult): void {
    const out = process.env.PCK_BENCH_BREAKDOWN;
    if (!out) throw new Error("PCK_BENCH_BREAKDOWN must name the file the breakdown is written to.");
    const sum = (pick: (ran: Ran) => number) => this.#ran.reduce((total, ran) => total + pick(ran), 0);
    let betweenTestsMs = 0;
    let beforeFirstTestMs = 0;
    for (const slot of new Set(this.#ran.map((ran) => ran.slot))) {
      const inSlot = this.#ran.filter((ran) => ran.slot === slot).sort((a, b) => a.start - b.start);
      beforeFirstTestMs = Math.max(beforeFirstTestMs, (inSlot[0]?.start ?? this.#startedAt) - this.#startedAt);
      for (let i = 1; i < inSlot.length; i++) {
        const previous = inSlot[i - 1] as Ran;
        betweenTestsMs += Math.max(0, (inSlot[i] as Ran).start - (previous.start + previous.durationMs));
      }
    }
    const bodyOf = (ran: Ran) => ran.durationMs - ran.setupMs - ran.teardownMs;
    const breakdown: TimeBreakdown = {
      wallMs: result.duration,
      tests: this.#ran.length,
      workerProcesses: new Set(this.#ran.map((ran) => ran.worker)).size,
      testMs: sum((ran) => ran.durationMs),
      setupMs: sum((ran) => ran.setupMs),
      bodyMs: sum(bodyOf),
      teardownMs: sum((ran) => ran.teardownMs),
      betweenTestsMs,
      beforeFirstTestMs,
      longestBodies: [...this.#ran]
        .sort((a, b) => bodyOf(b) - bodyOf(a))
        .slice(0, 12)
        .map((ran) => ({ title: ran.title, status: ran.status, bodyMs: bodyOf(ran) })),
      testTimes: this.#ran.map((ran) => ({ title: ran.title, durationMs: ran.durationMs })),
    };
    writeFileSync(out, `${JSON.stringify(breakdown, null, 2)}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
