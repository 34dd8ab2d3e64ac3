/**
 * A quiet progress line for a long check, in place of Playwright's line per test: tests done of the
 * total and the clause at hand, at most every PROGRESS_EVERY_MS and once at the end. An app's
 * failures print nothing here; the conformance report after the run lists each with its reason.
 * Used with PCK_OUTPUT=progress (npm test's example-app checks, whose expected failures would
 * otherwise print as ✘ lines in a passing run).
 */
import type { FullConfig, Reporter, Suite, TestCase } from "@playwright/test/reporter";
import { clauseIdsIn } from "../../kit/clauseId.ts";

const PROGRESS_EVERY_MS = 10_000;

export default class ProgressReporter implements Reporter {
  #total = 0;
  #done = 0;
  #lastLine = 0;
  readonly #started = Date.now();

  onBegin(_config: FullConfig, suite: Suite): void {
    this.#total = suite.allTests().length;
    this.#lastLine = Date.now();
    process.stdout.write(`Running ${this.#total} tests; progress every ${PROGRESS_EVERY_MS / 1000} s, each result in the report at the end.\n`);
  }

  onTestEnd(test: TestCase): void {
    this.#done += 1;
    const now = Date.now();
    if (now - this.#lastLine < PROGRESS_EVERY_MS && this.#done < this.#total) return;
    this.#lastLine = now;
    const clause = clauseIdsIn(test.title)[0] ?? test.title;
    process.stdout.write(`${this.#done}/${this.#total} tests done after ${Math.round((now - this.#started) / 1000)} s (last: ${clause})\n`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
