/**
 * Accepted gaps: clause levels a profile's `expect` says the app fails for now, with the reason (as
 * Lighthouse CI's assertion levels or Playwright's `test.fail` let a team live with a known failure).
 * A gap the run confirms (the level failed) is reported and left out of the exit code; one the run
 * contradicts (the level passes, or has no failure any more) is stale, and fails the run until the
 * entry is removed. An inconclusive level stays inconclusive: a gap never hides an error of the run.
 */
import { LEVELS, type Level } from "../../kit/outcomes.ts";
import type { ClauseVerdict, Verdict } from "./verdicts.ts";

export interface Expectation {
  readonly required?: "fail" | undefined;
  readonly recommended?: "fail" | undefined;
  readonly reason: string;
}

export interface AcceptedGap {
  readonly id: string;
  readonly level: Level;
  readonly reason: string;
  /** What the run gave that level; `none` also for a clause the checklist does not have. */
  readonly verdict: Verdict;
  /** accepted: it failed, as expected; stale: it did not fail; inconclusive: the run cannot tell. */
  readonly status: "accepted" | "stale" | "inconclusive";
}

export function acceptedGaps(verdicts: readonly ClauseVerdict[], expectations: Readonly<Record<string, Expectation>>): AcceptedGap[] {
  return Object.entries(expectations).flatMap(([id, expectation]) =>
    LEVELS.filter((level) => expectation[level] === "fail").map((level) => {
      const verdict = verdicts.find((v) => v.id === id)?.[level] ?? "none";
      const status = verdict === "failed" ? "accepted" : verdict === "inconclusive" ? "inconclusive" : "stale";
      return { id, level, reason: expectation.reason, verdict, status } as const;
    }),
  );
}

/** Whether the profile accepts that `id` fails at `level` and it did. */
export function isAccepted(gaps: readonly AcceptedGap[], id: string, level: Level): boolean {
  return gaps.some((gap) => gap.id === id && gap.level === level && gap.status === "accepted");
}

/** A stale gap in one sentence: what the run gave, and what to do. */
export function staleLine(gap: AcceptedGap): string {
  const gave = gap.verdict === "none" ? "has no rule at that level (or no such clause)" : `is ${gap.verdict}`;
  return `${gap.id} ${gap.level} was accepted as failing ("${gap.reason}") but ${gave}: remove it from the profile's expect`;
}
