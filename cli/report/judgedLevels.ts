/**
 * How much of the checklist a run judged: the one count every format of the report gives (the
 * terminal, conformance.md and .html, conformance.json's `summary.judged`, the GitHub annotations'
 * last line, the SARIF log's run properties). A clause level is **judged** when its verdict is pass
 * or fail. The rest are counted apart, each with its tests' reasons, which for a level not checked
 * say what would let the kit judge it (the profile field to fill, or what the app would have to do):
 * - not checked: the kit could not observe it on this app;
 * - inconclusive: the suite's own step broke (an error of the run, not a verdict on the app);
 * - not applicable: the profile says the app cannot have the situation. Decided, not unjudged, so
 *   these are out of the denominator: "judged 20 of 23" counts the levels that apply.
 * A level counts only where the run had tests of it: a level the clause has no rule at (`—` in the
 * checklist, verdict `none`) is no level, nor is one whose tests a `--grep` left out.
 */
import { LEVELS, type Level, type Outcome } from "../../kit/outcomes.ts";
import type { ClauseVerdict } from "./verdicts.ts";

/** The verdicts of a level that ran but was not judged. */
export const UNJUDGED = ["not-checked", "inconclusive", "not-applicable"] as const satisfies readonly Outcome[];
export type Unjudged = (typeof UNJUDGED)[number];

/** A clause level that ran but got neither pass nor fail. */
export interface UnjudgedLevel {
  readonly id: string;
  readonly level: Level;
  readonly verdict: Unjudged;
  /** Each distinct reason its tests of that outcome give, in the order they ran. */
  readonly reasons: readonly string[];
}

/** One level's tally: `judged` + `notChecked` + `inconclusive` + `notApplicable` = `ran`. */
export interface LevelTally {
  readonly level: Level;
  /** Whether this level decides the exit code (`--level`). */
  readonly decides: boolean;
  /** Clauses with a test of this level in the run. */
  readonly ran: number;
  readonly judged: number;
  readonly notChecked: number;
  readonly inconclusive: number;
  readonly notApplicable: number;
}

export interface JudgedLevels {
  /** Required, then recommended. */
  readonly levels: readonly LevelTally[];
  /** Every level that ran without a pass or fail, in the checklist's order, required before recommended. */
  readonly notJudged: readonly UnjudgedLevel[];
}

const isUnjudged = (verdict: string): verdict is Unjudged => (UNJUDGED as readonly string[]).includes(verdict);

/** Counts the judged levels of `verdicts`; `decides` are the levels that decide the exit code (levelsUpTo). */
export function judgedLevels(verdicts: readonly ClauseVerdict[], decides: readonly Level[]): JudgedLevels {
  const notJudged = verdicts.flatMap((v) =>
    LEVELS.flatMap((level): UnjudgedLevel[] => {
      const verdict = v[level];
      if (!isUnjudged(verdict)) return [];
      const reasons = v.tests.filter((t) => t.level === level && t.outcome === verdict).map((t) => t.detail ?? verdict);
      return [{ id: v.id, level, verdict, reasons: [...new Set(reasons)] }];
    }),
  );
  const levels = LEVELS.map((level): LevelTally => {
    const count = (verdict: Unjudged) => notJudged.filter((u) => u.level === level && u.verdict === verdict).length;
    return {
      level,
      decides: decides.includes(level),
      ran: verdicts.filter((v) => v[level] !== "none").length,
      judged: verdicts.filter((v) => v[level] === "passed" || v[level] === "failed").length,
      notChecked: count("not-checked"),
      inconclusive: count("inconclusive"),
      notApplicable: count("not-applicable"),
    };
  });
  return { levels, notJudged };
}

/** A clause's levels not judged that share their verdict and reasons. */
export interface UnjudgedLevels extends Omit<UnjudgedLevel, "level"> {
  readonly levels: Level[];
}

/** The levels not judged, a clause's two levels as one entry where their verdict and reasons agree. */
export function notJudgedByClause(notJudged: readonly UnjudgedLevel[]): UnjudgedLevels[] {
  const entries: UnjudgedLevels[] = [];
  for (const { level, ...u } of notJudged) {
    const last = entries.at(-1);
    if (last && last.id === u.id && last.verdict === u.verdict && last.reasons.join("\n") === u.reasons.join("\n")) last.levels.push(level);
    else entries.push({ ...u, levels: [level] });
  }
  return entries;
}
