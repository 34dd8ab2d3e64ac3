/**
 * The report's column per engine besides Chromium (`check --engines`): each engine's clause verdicts
 * from its engine specs (specs/engines/), headed with the build that ran. Chromium's verdicts stay
 * the report's own (the whole suite runs there). Another engine is advisory, its verdicts shown but
 * not counted, unless `--gate` names it: Debian's firefox-esr is an extended-support release and
 * WebKitGTK is not Safari, so neither stands for what most of an app's users run.
 */
import { chromiumOnly, ENGINE_LABEL, type EngineName } from "../../kit/engines/engineNames.ts";
import type { Level } from "../../kit/outcomes.ts";
import { type AcceptedGap, isAccepted } from "./acceptedGaps.ts";
import { type ClauseVerdict, clauseVerdicts, type GatedOutcome, levelsUpTo, type TestOutcome, type Verdict } from "./verdicts.ts";

export interface EngineColumn {
  readonly engine: EngineName;
  /** The build in the browser's own words ("Firefox 153.8.0 (/usr/bin/firefox-esr, …)"), or why it did not run. */
  readonly build: string;
  /** The column's heading: the engine's name and version ("Firefox 153.8.0"). */
  readonly heading: string;
  /** Whether its verdicts decide the exit code (`--gate`); otherwise advisory. */
  readonly gate: boolean;
  readonly verdicts: readonly ClauseVerdict[];
}

/** What the advisory columns are, in one sentence, for every report that has one. */
export const ADVISORY_NOTE =
  "Advisory columns are shown, not counted in the exit code (check --gate counts them): Debian's firefox-esr is an extended-support release and WebKitGTK is not Safari, so neither is the browser most of an app's users run.";

/**
 * A column from an engine's test outcomes and the builds its tests named (one per machine that ran
 * them; a merged run's shards may differ, and then the heading says so).
 */
export function engineColumn(
  engine: EngineName,
  clauses: readonly { id: string; title: string }[],
  outcomes: readonly TestOutcome[],
  builds: readonly string[],
  gate: boolean,
): EngineColumn {
  const distinct = [...new Set(builds)];
  const short = distinct.map((build) => build.replace(/ \(.*$/, ""));
  const heading = distinct.length === 0 ? ENGINE_LABEL[engine] : [...new Set(short)].join(" / ");
  return { engine, build: distinct.join("; ") || `${ENGINE_LABEL[engine]}: no test ran`, heading, gate, verdicts: clauseVerdicts(clauses, outcomes) };
}

/** Why a clause has no verdict in an engine's column: left to Chromium by design, or not checked there yet. */
export function uncoveredWords(clauseId: string): string {
  return chromiumOnly(clauseId) ?? "not yet in this engine (docs/engines.md)";
}

/**
 * The column's cell for a clause: both levels, or why the engine has no check of it. A level the
 * engine has no test of where Chromium has one says so ("Chromium only", "not yet"); `—` is a level
 * with no rule, as in Chromium's columns.
 */
export function engineCell(column: EngineColumn, chromium: ClauseVerdict, labels: Readonly<Record<Verdict, string>>): string {
  const verdict = column.verdicts.find((v) => v.id === chromium.id);
  if (!verdict || verdict.tests.length === 0) return chromiumOnly(chromium.id) ? "Chromium only" : "not yet";
  const level = (l: Level) =>
    verdict[l] !== "none" || chromium[l] === "none" ? labels[verdict[l]] : chromiumOnly(chromium.id, l) ? "Chromium only" : "not yet";
  return `${level("required")} · ${level("recommended")}`;
}

/** The gated engines' failures at the deciding levels (not accepted by the profile), as "REG-4 in Firefox", and their inconclusive tests. */
export function gatedOutcome(columns: readonly EngineColumn[], level: Level, gaps: readonly AcceptedGap[]): GatedOutcome {
  const levels = levelsUpTo(level);
  const gated = columns.filter((column) => column.gate);
  return {
    failed: gated.flatMap((column) =>
      column.verdicts
        .filter((v) => levels.some((l) => v[l] === "failed" && !isAccepted(gaps, v.id, l)))
        .map((v) => `${v.id} in ${ENGINE_LABEL[column.engine]}`),
    ),
    inconclusive: gated.reduce((n, column) => n + column.verdicts.reduce((m, v) => m + v.tests.filter((t) => t.outcome === "inconclusive").length, 0), 0),
  };
}
