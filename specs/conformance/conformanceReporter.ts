/**
 * A Playwright reporter that turns a run into per-clause verdicts: `conformance.md` (for CI summaries)
 * and `conformance.json` in PCK_REPORT_DIR (default test-results/conformance), and a table on stdout.
 * Works on merged blob reports too (`playwright merge-reports`), so sharded runs get one report.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import type { FullConfig, Reporter, TestCase, TestResult } from "@playwright/test/reporter";
import { NOT_APPLICABLE } from "../support/applicability.ts";
import { parseChecklist } from "./checklist.ts";
import { clauseVerdicts, type TestOutcome, verdictMarkdown } from "./verdicts.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export default class ConformanceReporter implements Reporter {
  readonly #outcomes = new Map<string, TestOutcome>();
  #reportDir = process.env.PCK_REPORT_DIR || join(ROOT, "test-results", "conformance");

  onBegin(_config: FullConfig): void {
    mkdirSync(this.#reportDir, { recursive: true });
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const title = test.titlePath().slice(3).join(" › ");
    const file = relative(ROOT, test.location.file);
    const notApplicable = test.annotations.find((a) => a.type === NOT_APPLICABLE);
    let outcome: TestOutcome;
    if (result.status === "skipped" && notApplicable) {
      outcome = { title, file, outcome: "not-applicable", detail: notApplicable.description ?? "" };
    } else if (result.status === "passed") {
      outcome = { title, file, outcome: "passed" };
    } else {
      const trace = result.attachments.find((a) => a.name === "trace")?.path;
      outcome = {
        title,
        file,
        outcome: "failed",
        detail: stripVTControlCharacters((result.error?.message ?? result.status).split("\n")[0] ?? ""),
        ...(trace ? { trace: relative(this.#reportDir, trace) } : {}),
      };
    }
    // With --repeat-each a test runs several times: any failure makes it fail.
    const key = `${file}::${title}`;
    if (this.#outcomes.get(key)?.outcome !== "failed") this.#outcomes.set(key, outcome);
  }

  onEnd(): void {
    const clauses = parseChecklist(readFileSync(join(ROOT, "docs", "conformance.md"), "utf8"));
    const verdicts = clauseVerdicts(clauses, [...this.#outcomes.values()]);
    const target = process.env.PCK_TARGET ?? "the reference app";
    const markdown = verdictMarkdown(target, verdicts);
    writeFileSync(join(this.#reportDir, "conformance.md"), markdown);
    writeFileSync(join(this.#reportDir, "conformance.json"), `${JSON.stringify({ target, verdicts }, null, 2)}\n`);
    process.stdout.write(
      `\n${markdown
        .split("\n")
        .slice(2, 6 + verdicts.length)
        .join("\n")}\nReport: ${relative(process.cwd(), join(this.#reportDir, "conformance.md"))}\n`,
    );
  }

  printsToStdio(): boolean {
    return true;
  }
}
