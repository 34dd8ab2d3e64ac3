/**
 * Per-clause verdicts from test outcomes: a clause fails if any of its tests failed, passes if at
 * least one passed and none failed, and is not applicable if every test of it was not applicable.
 */
import { clauseIdsIn } from "./checklist.ts";

export type Outcome = "passed" | "failed" | "not-applicable";
export type Verdict = Outcome | "not-run";

export interface TestOutcome {
  readonly title: string;
  readonly file: string;
  readonly outcome: Outcome;
  /** Why it did not apply, or the first line of its error. */
  readonly detail?: string;
  /** Path of the trace of a failed test, for the report's link. */
  readonly trace?: string;
}

export interface ClauseVerdict {
  readonly id: string;
  readonly title: string;
  readonly verdict: Verdict;
  readonly tests: readonly TestOutcome[];
}

export function clauseVerdicts(clauses: readonly { id: string; title: string }[], outcomes: readonly TestOutcome[]): ClauseVerdict[] {
  return clauses.map((clause) => {
    const tests = outcomes.filter((outcome) => clauseIdsIn(outcome.title).includes(clause.id));
    const verdict: Verdict =
      tests.length === 0
        ? "not-run"
        : tests.some((t) => t.outcome === "failed")
          ? "failed"
          : tests.some((t) => t.outcome === "passed")
            ? "passed"
            : "not-applicable";
    return { id: clause.id, title: clause.title, verdict, tests };
  });
}

const LABEL: Record<Verdict, string> = { passed: "✅ pass", failed: "❌ fail", "not-applicable": "➖ not applicable", "not-run": "⚪ not run" };

/** The report as Markdown: a summary line, one row per clause, then the failures and exclusions. */
export function verdictMarkdown(target: string, verdicts: readonly ClauseVerdict[]): string {
  const count = (verdict: Verdict) => verdicts.filter((v) => v.verdict === verdict).length;
  const lines = [
    `# Conformance report: ${target}`,
    "",
    `${count("passed")} passed, ${count("failed")} failed, ${count("not-applicable")} not applicable, ${count("not-run")} not run (of ${verdicts.length} clauses).`,
    "",
    "| Clause | Rule | Verdict | Tests (passed / failed / n/a) |",
    "|---|---|---|---|",
  ];
  for (const v of verdicts) {
    const n = (o: Outcome) => v.tests.filter((t) => t.outcome === o).length;
    lines.push(`| ${v.id} | ${v.title} | ${LABEL[v.verdict]} | ${n("passed")} / ${n("failed")} / ${n("not-applicable")} |`);
  }
  const notes = verdicts.flatMap((v) =>
    v.tests
      .filter((t) => t.outcome !== "passed")
      .map(
        (t) =>
          `- **${v.id}** ${t.outcome === "failed" ? "failed" : "not applicable"}: ${t.title}${t.detail ? ` — ${t.detail}` : ""}${t.trace ? ` ([trace](${t.trace}))` : ""}`,
      ),
  );
  if (notes.length > 0) lines.push("", "## Failures and exclusions", "", ...[...new Set(notes)]);
  return `${lines.join("\n")}\n`;
}
