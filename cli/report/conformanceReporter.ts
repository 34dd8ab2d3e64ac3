/**
 * A Playwright reporter that turns a run into per-clause verdicts at both levels: `conformance.md`
 * (for CI summaries), `conformance.html` (one page to open, its clauses linked to `checklist.html`
 * beside it) and `conformance.json` in PCK_REPORT_DIR (default test-results/conformance), and a
 * table on stdout. The run's metadata (runMetadata.ts: the app, the deciding level, accepted gaps)
 * says what the report is about. Works on merged blob reports too (`pwa-conformance-kit merge`), so
 * sharded runs get one report.
 */
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { FullConfig, Reporter, Suite, TestCase, TestResult } from "@playwright/test/reporter";
import { ENGINE_BUILD_ANNOTATION, ENGINES, type EngineName } from "../../kit/engines/engineNames.ts";
import { readKitEnv } from "../../kit/env.mjs";
import { KIT_ROOT } from "../../kit/kitPaths.ts";
import { kitFileOnGitHub } from "../../kit/kitRepository.ts";
import { replaceFile } from "../../kit/replaceFile.ts";
import { acceptedGaps } from "./acceptedGaps.ts";
import { parseChecklist } from "./checklist.ts";
import { copyChecklistPage, onChecklistPage, onGitHub } from "./checklistLinks.ts";
import { claimReportDir, recordReportEntries } from "./claimReportDir.ts";
import { type EngineColumn, engineColumn, gatedOutcome } from "./engineColumns.ts";
import { annotatesForGitHub, githubAnnotations } from "./githubAnnotations.ts";
import { isProbe, ProbeCollector, type ProbeRecord } from "./probeRecord.ts";
import { type ConformanceReport, REPORT_SCHEMA_VERSION } from "./reportSchema.ts";
import { type RunMetadata, runMetadataFromEnv, runMetadataOf } from "./runMetadata.ts";
import { sarifReport } from "./sarifReport.ts";
import { SKIPPED_WITHOUT_REASON, testOutcome } from "./testOutcome.ts";
import { verdictHtml } from "./verdictHtml.ts";
import { verdictMarkdown } from "./verdictMarkdown.ts";
import { clauseVerdicts, exitCodeFor, summarize, type TestOutcome } from "./verdicts.ts";

/** With --repeat-each a test runs several times: the worst of its runs is its outcome. */
const WORST_FIRST: readonly TestOutcome["outcome"][] = ["failed", "inconclusive", "passed", "not-checked", "not-applicable"];

/** The kit's version and the web page of the checklist it judges by, for the SARIF log's rules. */
function kitRelease(): { version: string; checklistUri: string } {
  const { version } = JSON.parse(readFileSync(join(KIT_ROOT, "package.json"), "utf8")) as { version: string };
  // The rule texts themselves are this install's; the page they link to is the repository's (kitRepository.ts).
  return { version, checklistUri: kitFileOnGitHub("docs/conformance.md") };
}

/**
 * The engine a test ran in when its project names one (the engine specs' projects, playwright.config.ts).
 * "chromium" there is the engine specs' control run in Chromium (npm test's), which checks the kit's
 * checks and is no verdict: Chromium's verdicts come from the whole suite.
 */
function engineOf(test: TestCase): EngineName | undefined {
  const use = test.parent?.project()?.use as { engine?: unknown } | undefined;
  return ENGINES.find((engine) => engine === use?.engine);
}

/** The build a test's annotation names (ENGINE_BUILD_ANNOTATION), if it does. */
const buildOf = (result: TestResult): string | undefined => result.annotations.find((a) => a.type === ENGINE_BUILD_ANNOTATION)?.description;

/** The report's word on a profile written for an earlier kit, upgraded in memory for the run. */
function upgradedSection(notes: readonly string[] | undefined): string {
  if (!notes?.length) return "";
  const lines = notes.map((note) => `- ${note}`).join("\n");
  return `\n## The profile is written for an earlier kit\n\nThe run read it upgraded to today's format; \`pwa-conformance-kit init --upgrade <profile>\` writes these changes into it (docs/versioning.md):\n\n${lines}\n`;
}

export default class ConformanceReporter implements Reporter {
  /** Each engine's outcomes by test ("chromium": the suite's own), the worst of each test's runs. */
  readonly #outcomes = new Map<EngineName, Map<string, TestOutcome>>();
  readonly #ended: { test: TestCase; result: TestResult }[] = [];
  readonly #probe = new ProbeCollector();
  /** The builds each engine's tests named: Chromium's from the probe, the others' from their tests. */
  readonly #builds = new Map<EngineName, string[]>();
  /** Tests of the engine specs' Chromium control: a check of the kit's checks, not of the app. */
  #controlTests = 0;
  #run: RunMetadata | undefined;
  /** Every test the run meant to run: a clause test its failed probe kept from running never ends. */
  #planned: readonly TestCase[] = [];
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

  onBegin(config: FullConfig, suite: Suite): void {
    this.#run = runMetadataOf(config);
    this.#planned = suite.allTests().filter((test) => !isProbe(test) && engineOf(test) !== "chromium");
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const engine = engineOf(test);
    if (engine === "chromium") this.#controlTests += 1;
    else {
      const build = buildOf(result);
      if (build !== undefined) this.#builds.set(engine ?? "chromium", [...(this.#builds.get(engine ?? "chromium") ?? []), build]);
      if (isProbe(test)) this.#probe.add(test, result);
      else this.#ended.push({ test, result });
    }
  }

  /** Each test's outcome, the worst of its runs (--repeat-each); judged once every result is in, the probe's among them. */
  #judge(probe: ProbeRecord | undefined): void {
    const notRun = `not run: the kit's probe of the app did not finish (${probe?.failure})`;
    // Playwright runs no clause test when the probe (their setup project) fails: they never end.
    const ended = new Set(this.#ended.map(({ test }) => test));
    const unrun = probe?.failure ? this.#planned.filter((test) => !ended.has(test)) : [];
    for (const test of unrun)
      this.#ended.push({ test, result: { status: "skipped", steps: [], attachments: [], annotations: [], errors: [] } as unknown as TestResult });
    for (const { test, result } of this.#ended) {
      const judged = testOutcome(test, result, KIT_ROOT, this.#reportDir);
      const outcome: TestOutcome =
        probe?.failure && result.status === "skipped" && judged.detail === SKIPPED_WITHOUT_REASON
          ? { ...judged, outcome: "inconclusive", detail: notRun }
          : judged;
      const key = `${outcome.file}::${outcome.title}`;
      const engine = engineOf(test) ?? "chromium";
      const outcomes = this.#outcomes.get(engine) ?? new Map<string, TestOutcome>();
      this.#outcomes.set(engine, outcomes);
      const earlier = outcomes.get(key);
      if (!earlier || WORST_FIRST.indexOf(outcome.outcome) < WORST_FIRST.indexOf(earlier.outcome)) outcomes.set(key, outcome);
    }
  }

  /** A column for each engine besides Chromium whose tests ran, in the kit's order of engines. */
  #engineColumns(clauses: readonly { id: string; title: string }[], gate: readonly EngineName[]): EngineColumn[] {
    return ENGINES.filter((engine) => engine !== "chromium" && this.#outcomes.has(engine)).map((engine) =>
      engineColumn(engine, clauses, [...(this.#outcomes.get(engine)?.values() ?? [])], this.#builds.get(engine) ?? [], gate.includes(engine)),
    );
  }

  /** The Chromium that ran, in words: its build (the probe names it) and where it came from. */
  #chromium(browser: string | undefined): string | undefined {
    const builds = [...new Set(this.#builds.get("chromium") ?? [])];
    if (builds.length === 0) return browser;
    return browser === undefined ? builds.join(" / ") : `${builds.join(" / ")}, ${browser}`;
  }

  onEnd(): void {
    const probe = this.#probe.record();
    this.#judge(probe);
    // Listing, or a --grep that matched nothing: a table of dashes would read as a verdict.
    if (this.#outcomes.size === 0) {
      process.stdout.write("\nNo test ran, so there are no verdicts and no conformance report.\n");
      return;
    }
    const { target, level, expect, browser, profilePath, profileUpgraded, gate = [] } = this.#run ?? runMetadataFromEnv();
    const clauses = parseChecklist(readFileSync(join(KIT_ROOT, "docs", "conformance.md"), "utf8"));
    const verdicts = clauseVerdicts(clauses, [...(this.#outcomes.get("chromium")?.values() ?? [])]);
    const engines = this.#engineColumns(clauses, gate);
    const gaps = acceptedGaps(verdicts, expect);
    const summary = summarize(verdicts, level, gaps, gatedOutcome(engines, level, gaps));
    const chromium = this.#chromium(browser);
    const markdown = verdictMarkdown(target, verdicts, level, gaps, chromium, probe, engines) + upgradedSection(profileUpgraded);
    // Renamed over each name, never written through it: a link put there during the run points at a file of the user's.
    replaceFile(join(this.#reportDir, "conformance.md"), markdown);
    // Playwright's HTML report goes to html/ beside it (playwright.config.ts), and the checklist page too.
    const link = copyChecklistPage(this.#reportDir) ? onChecklistPage : onGitHub;
    replaceFile(join(this.#reportDir, "conformance.html"), verdictHtml(target, verdicts, level, "html/index.html", gaps, probe, link, engines));
    // Typed as the schema shipped for it (reportSchema.ts): the compiler keeps the two together.
    const report: ConformanceReport = {
      schemaVersion: REPORT_SCHEMA_VERSION,
      target,
      level,
      exitCode: exitCodeFor(summary),
      summary,
      verdicts,
      ...(chromium === undefined ? {} : { browser: chromium }),
      ...(engines.length === 0 ? {} : { engines }),
      ...(probe ? { learned: probe.facts, ...(probe.failure ? { probeFailure: probe.failure } : {}) } : {}),
      ...(profileUpgraded ? { profileUpgraded } : {}),
    };
    replaceFile(join(this.#reportDir, "conformance.json"), `${JSON.stringify(report, null, 2)}\n`);
    replaceFile(
      join(this.#reportDir, "conformance.sarif"),
      `${JSON.stringify(sarifReport(clauses, verdicts, { level, gaps, profilePath, engines, ...kitRelease() }), null, 2)}\n`,
    );
    // The summary and the table, each clause id without its link (a long URL a row); the details are in the file.
    const head = (markdown.split("\n## ")[0] ?? markdown).replace(/\[([^\]]+)\]\(https:[^)]*\)/g, "$1");
    const reportPath = relative(readKitEnv().callerDir ?? process.cwd(), join(this.#reportDir, "conformance.md"));
    process.stdout.write(`\n${head.trimEnd()}\n\nReport: ${reportPath}\n`);
    if (this.#controlTests > 0)
      process.stdout.write(
        `The engine specs' ${this.#controlTests} test(s) in Chromium, a control of the kit's own checks, are not in this report: Chromium's verdicts come from the whole suite.\n`,
      );
    if (annotatesForGitHub())
      process.stdout.write(`${githubAnnotations(clauses, verdicts, { level, gaps, profilePath, report: reportPath, engines }).join("\n")}\n`);
  }

  /** After every reporter's onEnd, so the HTML report and JUnit XML are written. */
  async onExit(): Promise<void> {
    recordReportEntries(this.#reportDir);
  }

  printsToStdio(): boolean {
    return true;
  }
}
