/**
 * A check's progress by clause, in place of Playwright's line per test: a line each time a clause
 * has run all its tests (clauses done of the total, tests done, time), and, when none ends for a
 * while, a line saying which clauses are running. No verdicts and no ✘ for an app's failures: the
 * report after the run gives each clause's verdict and each failure's reason.
 * `check` uses it unless asked for the list (`--output list`); PCK_OUTPUT=progress selects it for a
 * plain `playwright test` (npm test's example-app checks).
 */
import type { FullConfig, Reporter, Suite, TestCase } from "@playwright/test/reporter";
import { PROBE_TAG } from "../../kit/appFacts.ts";
import { clauseIdsIn } from "../../kit/clauseId.ts";

/** At most this long without a line while tests run. */
const QUIET_FOR_MS = 10_000;

/** The clause a test counts for; the kit's few tests without one (the floor) count as the suite's own. */
function clausesOf(test: TestCase): string[] {
  if (isProbe(test)) return [PROBE];
  const ids = clauseIdsIn(test.title);
  return ids.length > 0 ? ids : ["other tests"];
}

/** The probe's tests count as one step of their own, before the clauses. */
const PROBE = "the probe";
const isProbe = (test: TestCase) => test.tags.includes(PROBE_TAG);

export default class ProgressReporter implements Reporter {
  /** Tests still to end, by clause, in the checklist's order of first appearance. */
  readonly #remaining = new Map<string, number>();
  /** Tests running now, by clause. */
  readonly #running = new Map<string, number>();
  /** Tests that have ended once (a retry ends a test again). */
  readonly #ended = new Set<string>();
  #tests = 0;
  /** Probe tests still to end. */
  #probing = 0;
  #testsDone = 0;
  #clausesDone = 0;
  #lastLine = Date.now();
  readonly #started = Date.now();
  #heartbeat: NodeJS.Timeout | undefined;

  onBegin(_config: FullConfig, suite: Suite): void {
    const all = suite.allTests();
    const tests = all.filter((test) => !isProbe(test));
    this.#tests = tests.length;
    for (const test of tests) for (const clause of clausesOf(test)) this.#remaining.set(clause, (this.#remaining.get(clause) ?? 0) + 1);
    this.#probing = all.length - tests.length;
    this.#print(
      `Checking ${this.#remaining.size} clauses (${this.#tests} tests)${this.#probing > 0 ? ", after learning what it needs about the app" : ""}; a line as each clause ends, the verdicts in the report at the end.`,
    );
    this.#heartbeat = setInterval(() => {
      if (Date.now() - this.#lastLine < QUIET_FOR_MS || this.#running.size === 0) return;
      this.#print(`${this.#counts()}; running ${[...this.#running.keys()].join(", ")}`);
    }, 1_000);
    this.#heartbeat.unref();
  }

  onTestBegin(test: TestCase): void {
    for (const clause of clausesOf(test)) this.#running.set(clause, (this.#running.get(clause) ?? 0) + 1);
  }

  onTestEnd(test: TestCase): void {
    if (this.#ended.has(test.id)) return;
    this.#ended.add(test.id);
    if (isProbe(test)) {
      this.#running.delete(PROBE);
      this.#probing -= 1;
      if (this.#probing === 0)
        this.#print(`Learned what the kit needs about the app (the report lists it): ${Math.round((Date.now() - this.#started) / 1000)} s`);
      return;
    }
    this.#testsDone += 1;
    for (const clause of clausesOf(test)) {
      const running = (this.#running.get(clause) ?? 1) - 1;
      if (running > 0) this.#running.set(clause, running);
      else this.#running.delete(clause);
      const left = (this.#remaining.get(clause) ?? 1) - 1;
      this.#remaining.set(clause, left);
      if (left === 0) {
        this.#clausesDone += 1;
        this.#print(`${clause} done: ${this.#counts()}`);
      }
    }
  }

  onEnd(): void {
    clearInterval(this.#heartbeat);
  }

  printsToStdio(): boolean {
    return true;
  }

  #counts(): string {
    const seconds = Math.round((Date.now() - this.#started) / 1000);
    return `${this.#clausesDone}/${this.#remaining.size} clauses, ${this.#testsDone}/${this.#tests} tests, ${seconds} s`;
  }

  #print(line: string): void {
    this.#lastLine = Date.now();
    process.stdout.write(`${line}\n`);
  }
}
