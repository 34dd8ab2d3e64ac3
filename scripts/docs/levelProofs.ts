/**
 * docs/conformance.md's "Proof at every level": for each clause and level with a rule, the apps whose
 * by-hand records pass and fail it and the self-check's deviants the suite must fail on it. Built
 * from the records (docs/<app>.md), scripts/deviantWorker/deviants.ts and the suite's test tags, so
 * levelProofs.test.ts can hold the table in the docs to what those say.
 */
import type { Clause } from "../../cli/report/checklist.ts";
import type { Verdict } from "../../cli/report/verdicts.ts";
import { LEVELS, type Level } from "../../kit/outcomes.ts";

export interface RecordVerdicts {
  /** The record's file in docs/, e.g. `next-app.md`. */
  readonly file: string;
  readonly verdicts: ReadonlyMap<string, Readonly<Record<Level, Verdict>>>;
}

export interface DeviantCatches {
  readonly name: string;
  /** Clause and level of each test the deviant must fail. */
  readonly caught: readonly { readonly clause: string; readonly level: Level }[];
}

export interface LevelProof {
  readonly clause: string;
  readonly level: Level;
  /** Records that pass it. */
  readonly passes: readonly string[];
  /** Records that fail it. */
  readonly fails: readonly string[];
  /** Deviants the suite must fail on it. */
  readonly deviants: readonly string[];
}

/** One row per clause and level with a rule, in the checklist's order. */
export function levelProofs(clauses: readonly Clause[], records: readonly RecordVerdicts[], deviants: readonly DeviantCatches[]): LevelProof[] {
  return clauses.flatMap((clause) =>
    LEVELS.filter((level) => clause.levels[level]).map((level) => {
      const withVerdict = (verdict: Verdict) => records.filter((record) => record.verdicts.get(clause.id)?.[level] === verdict).map((record) => record.file);
      return {
        clause: clause.id,
        level,
        passes: withVerdict("passed"),
        fails: withVerdict("failed"),
        deviants: deviants.filter((deviant) => deviant.caught.some((c) => c.clause === clause.id && c.level === level)).map((deviant) => deviant.name),
      };
    }),
  );
}

const recordLink = (file: string) => `[${file.replace(/\.md$/, "")}](${file})`;

/** The table's body rows as the docs write them: clause, level, passed by, failed by. */
export function levelProofRows(proofs: readonly LevelProof[]): string[][] {
  return proofs.map((proof) => [
    proof.clause,
    proof.level,
    proof.passes.map(recordLink).join(", ") || "—",
    [...proof.fails.map(recordLink), ...proof.deviants.map((name) => `deviant "${name}"`)].join(", ") || "—",
  ]);
}

/** Levels no record fails and no deviant is caught on: the docs list each with why. */
export function unprovedFailures(proofs: readonly LevelProof[]): string[] {
  return proofs.filter((proof) => proof.fails.length === 0 && proof.deviants.length === 0).map((proof) => `${proof.clause} ${proof.level}`);
}
