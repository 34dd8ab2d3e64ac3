/**
 * A Playwright reporter that turns a run into per-clause verdicts at both levels: `conformance.md`
 * (for CI summaries), `conformance.html` (one page to open) and `conformance.json` in PCK_REPORT_DIR (default test-results/conformance),
 * and a table on stdout. PCK_LEVEL (required or recommended) says which level decides the outcome.
 * Works on merged blob reports too (`playwright merge-reports`), so sharded runs get one report.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";
import { findChromium } from "../../kit/chromium.mjs";
import { readKitEnv } from "../../kit/env.mjs";
import { KIT_ROOT } from "../../kit/kitPaths.ts";
import { LEVELS, type Level } from "../../kit/outcomes.ts";
import { loadProfile } from "../profile/loadProfile.ts";
import { acceptedGaps, type Expectation } from "./acceptedGaps.ts";
import { parseChecklist } from "./checklist.ts";
import { claimReportDir, recordReportEntries } from "./claimReportDir.ts";
import { testOutcome } from "./testOutcome.ts";
import { verdictHtml } from "./verdictHtml.ts";
import { verdictMarkdown } from "./verdictMarkdown.ts";
import { clauseVerdicts, exitCodeFor, summarize, type TestOutcome } from "./verdicts.ts";

/** With --repeat-each a test runs several times: the worst of its runs is its outcome. */
const WORST_FIRST: readonly TestOutcome["outcome"][] = ["failed", "inconclusive", "passed", "not-checked", "not-applicable"];

/** The profile's accepted gaps (`expect`); none for a run without a profile (the reference's own suite). */
function expectations(): Record<string, Expectation> {
  const profile = readKitEnv().profile;
  return profile ? loadProfile(profile).expect : {};
}

export function reportLevel(value: string | undefined): Level {
  return LEVELS.find((level) => level === value) ?? "required";
}

export default class ConformanceReporter implements Reporter {
  readonly #outcomes = new Map<string, TestOutcome>();
  #reportDir = readKitEnv().reportDir ?? join(KIT_ROOT, "test-results", "conformance");

  /**
   * Reporters are made before Playwright empties its outputDir (`artifacts/`) and long before its
   * HTML reporter empties `html/`, and an error here ends the run first: so a report directory
   * that is not the kit's (`check` has claimed it already; a bare `playwright test` has not) is
   * refused before anything in it is touched.
   */
  constructor() {
    claimReportDir(this.#reportDir, false);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const outcome = testOutcome(test, result, KIT_ROOT, this.#reportDir);
    const key = `${outcome.file}::${outcome.title}`;
    const earlier = this.#outcomes.get(key);
    if (!earlier || WORST_FIRST.indexOf(outcome.outcome) < WORST_FIRST.indexOf(earlier.outcome)) this.#outcomes.set(key, outcome);
  }

  onEnd(): void {
    // Listing, or a --grep that matched nothing: a table of dashes would read as a verdict.
    if (this.#outcomes.size === 0) {
      process.stdout.write("\nNo test ran, so there are no verdicts and no conformance report.\n");
      return;
    }
    const level = reportLevel(readKitEnv().level);
    const clauses = parseChecklist(readFileSync(join(KIT_ROOT, "docs", "conformance.md"), "utf8"));
    const verdicts = clauseVerdicts(clauses, [...this.#outcomes.values()]);
    const target = readKitEnv().target ?? "the reference app";
    const gaps = acceptedGaps(verdicts, expectations());
    const summary = summarize(verdicts, level, gaps);
    const markdown = verdictMarkdown(target, verdicts, level, gaps, findChromium()?.describe);
    writeFileSync(join(this.#reportDir, "conformance.md"), markdown);
    // Playwright's HTML report goes to html/ beside it (playwright.config.ts).
    writeFileSync(join(this.#reportDir, "conformance.html"), verdictHtml(target, verdicts, level, "html/index.html", gaps));
    writeFileSync(
      join(this.#reportDir, "conformance.json"),
      `${JSON.stringify({ target, level, exitCode: exitCodeFor(summary), summary, verdicts }, null, 2)}\n`,
    );
    // The summary and the table; the details are in the file.
    const head = markdown.split("\n## ")[0] ?? markdown;
    process.stdout.write(`\n${head.trimEnd()}\n\nReport: ${relative(readKitEnv().callerDir ?? process.cwd(), join(this.#reportDir, "conformance.md"))}\n`);
  }

  /** After every reporter's onEnd, so the HTML report and JUnit XML are written. */
  async onExit(): Promise<void> {
    recordReportEntries(this.#reportDir);
  }

  printsToStdio(): boolean {
    return true;
  }
}
