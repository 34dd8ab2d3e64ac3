/**
 * Per-clause verdicts from test outcomes, at two levels. A test belongs to its clause's **required**
 * rule (what the behaviour itself demands, as Serwist + Next.js do it) unless it is tagged
 * `@recommended` (this checklist's stricter practice). At each level a clause:
 * - fails when a test of that level failed on one of its assertions;
 * - is inconclusive when none failed but one could not be carried out (the suite's own step broke,
 *   or a precondition that belongs to another clause did not hold): an error of the run, not the app;
 * - passes when at least one test passed and the rest did not apply or could not be checked;
 * - is not applicable when every test was (a situation the app cannot have, e.g. no sign-in: no 401);
 * - is not checked when the kit cannot observe it on this app (a hook only the reference app has);
 * - has no rule (`none`) when the clause has no test at that level.
 */
import { clauseIdsIn } from "../../kit/clauseId.ts";
import type { Level, Outcome } from "../../kit/outcomes.ts";
import { type AcceptedGap, isAccepted } from "./acceptedGaps.ts";
import { type JudgedLevels, judgedLevels } from "./judgedLevels.ts";

export type Verdict = Outcome | "none";

export interface TestOutcome {
  readonly title: string;
  readonly file: string;
  readonly level: Level;
  readonly outcome: Outcome;
  /** What went wrong, why it did not apply, or why it could not be checked. */
  readonly detail?: string;
  /** Path of the trace of a failed or inconclusive test, relative to the report's folder. */
  readonly trace?: string;
  /** How the suite carried the test out, where it did more than the test says (it reloaded, say). */
  readonly notes?: readonly string[];
}

/** Each distinct suite note of a run, with how many tests carry it, most first. */
export function suiteNotes(verdicts: readonly ClauseVerdict[]): { note: string; tests: number }[] {
  const counts = new Map<string, number>();
  const seen = new Set<TestOutcome>();
  for (const test of verdicts.flatMap((v) => v.tests)) {
    // A test of two clauses is listed under both: count it once.
    if (seen.has(test)) continue;
    seen.add(test);
    for (const note of test.notes ?? []) counts.set(note, (counts.get(note) ?? 0) + 1);
  }
  return [...counts].map(([note, tests]) => ({ note, tests })).sort((a, b) => b.tests - a.tests);
}

export interface ClauseVerdict {
  readonly id: string;
  readonly title: string;
  readonly required: Verdict;
  readonly recommended: Verdict;
  readonly tests: readonly TestOutcome[];
}

/** Strongest first: one failed test decides a level, whatever the others say. */
const PRECEDENCE: readonly Outcome[] = ["failed", "inconclusive", "passed", "not-checked", "not-applicable"];

function levelVerdict(tests: readonly TestOutcome[]): Verdict {
  if (tests.length === 0) return "none";
  const present = new Set(tests.map((t) => t.outcome));
  // Not applicable only when every test is: one test the kit could not check leaves it open.
  if (present.size === 1 && present.has("not-applicable")) return "not-applicable";
  return PRECEDENCE.find((outcome) => outcome !== "not-applicable" && present.has(outcome)) ?? "not-checked";
}

export function clauseVerdicts(clauses: readonly { id: string; title: string }[], outcomes: readonly TestOutcome[]): ClauseVerdict[] {
  return clauses.map((clause) => {
    const tests = outcomes.filter((outcome) => clauseIdsIn(outcome.title).includes(clause.id));
    return {
      id: clause.id,
      title: clause.title,
      required: levelVerdict(tests.filter((t) => t.level === "required")),
      recommended: levelVerdict(tests.filter((t) => t.level === "recommended")),
      tests,
    };
  });
}

/** The levels that decide the exit code: `required` alone, or both for `--level recommended`. */
export function levelsUpTo(level: Level): Level[] {
  return level === "required" ? ["required"] : ["required", "recommended"];
}

export interface RunSummary {
  /** Clauses with a failed verdict at a deciding level that the profile does not accept. */
  readonly failed: readonly string[];
  /** Tests that could not be carried out, at any level: the run is not trustworthy where they are. */
  readonly inconclusive: number;
  /** Failures the profile accepts (`expect`), confirmed by the run, at any level. */
  readonly accepted: readonly AcceptedGap[];
  /** Accepted gaps at a deciding level that no longer fail: the run fails until they are removed. */
  readonly stale: readonly AcceptedGap[];
  /** How many levels the run judged (pass or fail), and each it did not, with why (judgedLevels.ts). */
  readonly judged: JudgedLevels;
}

/** What the engines `--gate` names add to Chromium's verdicts (engineColumns.ts's gatedOutcome): "REG-4 in Firefox". */
export interface GatedOutcome {
  readonly failed: readonly string[];
  readonly inconclusive: number;
}

export function summarize(
  verdicts: readonly ClauseVerdict[],
  level: Level,
  gaps: readonly AcceptedGap[] = [],
  gated: GatedOutcome = { failed: [], inconclusive: 0 },
): RunSummary {
  const levels = levelsUpTo(level);
  return {
    failed: [...verdicts.filter((v) => levels.some((l) => v[l] === "failed" && !isAccepted(gaps, v.id, l))).map((v) => v.id), ...gated.failed],
    inconclusive: verdicts.reduce((n, v) => n + v.tests.filter((t) => t.outcome === "inconclusive").length, 0) + gated.inconclusive,
    accepted: gaps.filter((gap) => gap.status === "accepted"),
    stale: gaps.filter((gap) => gap.status === "stale" && levels.includes(gap.level)),
    judged: judgedLevels(verdicts, levels),
  };
}

/** Documented exit codes: 0 conforms, 1 a clause failed (or an accepted gap is stale), 3 the run was inconclusive (2 is usage). */
export function exitCodeFor(summary: Omit<RunSummary, "judged">): 0 | 1 | 3 {
  if (summary.failed.length > 0 || summary.stale.length > 0) return 1;
  return summary.inconclusive > 0 ? 3 : 0;
}
