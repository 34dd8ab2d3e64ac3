/**
 * An app's expected verdicts as its record (docs/second-app.md, docs/next-app.md) writes them, by
 * hand and with reasons, and how a conformance run (conformance.json) differs from that record: CI
 * fails when the suite's verdicts on a fixture app change and the record was not updated with them,
 * and when any test of the run was inconclusive (a record holds verdicts, never errors of a run).
 */
import type { ClauseVerdict, Verdict } from "../../cli/report/verdicts.ts";
import { CLAUSE_ID_SOURCE } from "../../kit/clauseId.ts";
import type { Level } from "../../kit/outcomes.ts";

export interface RecordedVerdicts {
  /** Clause id → verdict at each level, from the `| Clause | Required | Recommended | Why |` table. */
  readonly verdicts: ReadonlyMap<string, Readonly<Record<Level, Verdict>>>;
  /** Titles of the tests recorded as failing (the report's `describe › test` form). */
  readonly failingTests: ReadonlySet<string>;
}

const WORDS: Readonly<Record<string, Verdict>> = {
  pass: "passed",
  fail: "failed",
  "not applicable": "not-applicable",
  "not checked": "not-checked",
  "—": "none",
  "-": "none",
};

function verdictWord(id: string, cell: string, source: string): Verdict {
  const verdict = WORDS[cell.replace(/\*/g, "").trim().toLowerCase()];
  if (!verdict) throw new Error(`${source}: ${id} has verdict '${cell.trim()}'; write pass, fail, not applicable, not checked or — (no rule at that level).`);
  return verdict;
}

/** Reads the verdict table rows (`| NAV-1 | pass | fail | … |`) and the list under `## Failing tests`. */
export function parseRecordedVerdicts(markdown: string, source = "the record"): RecordedVerdicts {
  const verdicts = new Map<string, Record<Level, Verdict>>();
  const failingTests = new Set<string>();
  let inFailingTests = false;
  for (const line of markdown.split("\n")) {
    if (/^#{1,6}\s/.test(line)) inFailingTests = /^##\s+Failing tests\b/.test(line);
    const row = new RegExp(`^\\|\\s*(${CLAUSE_ID_SOURCE})\\s*\\|([^|]+)\\|([^|]+)\\|`).exec(line);
    if (row?.[1] && row[2] && row[3]) {
      verdicts.set(row[1], { required: verdictWord(row[1], row[2], source), recommended: verdictWord(row[1], row[3], source) });
    }
    const listed = inFailingTests ? /^-\s+`([^`]+)`/.exec(line) : null;
    if (listed?.[1]) failingTests.add(listed[1]);
  }
  return { verdicts, failingTests };
}

/** Every difference between the record and a run, as sentences; empty when they agree. */
export function verdictDrift(recorded: RecordedVerdicts, run: readonly ClauseVerdict[]): string[] {
  const problems: string[] = [];
  for (const clause of run) {
    const expected = recorded.verdicts.get(clause.id);
    if (expected === undefined) {
      problems.push(`${clause.id} has no row in the record; the run says ${clause.required} (required), ${clause.recommended} (recommended).`);
      continue;
    }
    for (const level of ["required", "recommended"] as const) {
      if (expected[level] !== clause[level]) problems.push(`${clause.id} ${level}: recorded ${expected[level]}, the run says ${clause[level]}.`);
    }
  }
  for (const id of recorded.verdicts.keys()) {
    if (!run.some((clause) => clause.id === id)) problems.push(`${id} is recorded but is not a clause of docs/conformance.md.`);
  }
  const tests = run.flatMap((clause) => clause.tests);
  for (const test of tests.filter((t) => t.outcome === "inconclusive"))
    problems.push(`Inconclusive (an error of the run): ${test.title} — ${test.detail ?? ""}`);
  const failed = new Set(tests.filter((test) => test.outcome === "failed").map((test) => test.title));
  for (const title of failed) if (!recorded.failingTests.has(title)) problems.push(`Failed but not recorded as failing: ${title}`);
  for (const title of recorded.failingTests) if (!failed.has(title)) problems.push(`Recorded as failing but did not fail: ${title}`);
  return [...new Set(problems)];
}
