/**
 * The verdicts as a SARIF 2.1.0 log (`conformance.sarif`), for GitHub code scanning
 * (github/codeql-action/upload-sarif) or any SARIF viewer: one rule per clause level the checklist
 * has, with its rule text and a link to the clause in docs/conformance.md; one result per clause
 * level that failed (an error where the level decides the exit code, else a warning), per accepted
 * gap that no longer fails, and per inconclusive level (kind `open`: the kit could not tell), each
 * located at the profile's file. A failure the profile accepts is a result with an external
 * suppression carrying its reason. How much was judged (judgedLevels.ts) is the run's `judged`
 * property and, as a sentence, a notification of its invocation. The same verdicts as the other
 * formats and the annotations. Each other engine's column (`check --engines`) adds its own failed
 * and inconclusive levels under the same rules, told apart by an `engine` property and fingerprint:
 * an error or warning where `--gate` counts that engine, a note where it is advisory.
 */
import { LEVELS, type Level } from "../../kit/outcomes.ts";
import { type AcceptedGap, isAccepted, staleLine } from "./acceptedGaps.ts";
import type { Clause } from "./checklist.ts";
import type { EngineColumn } from "./engineColumns.ts";
import { judgedSentence } from "./judgedSentence.ts";
import { type ClauseVerdict, levelsUpTo, summarize } from "./verdicts.ts";

export const SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

export interface SarifRun {
  readonly level: Level;
  readonly gaps: readonly AcceptedGap[];
  /** The profile's path from the repository's root (RunMetadata.profilePath): where every result is. */
  readonly profilePath?: string | undefined;
  /** The kit's version, and the web address of docs/conformance.md the rules link to. */
  readonly version: string;
  readonly checklistUri: string;
  /** The other engines' columns (`check --engines`), each with its verdicts. */
  readonly engines?: readonly EngineColumn[] | undefined;
}

interface SarifResult {
  readonly ruleId: string;
  readonly ruleIndex: number;
  readonly kind: "fail" | "open";
  /** SARIF allows a level other than `none` on a `fail` result only. */
  readonly level: "error" | "warning" | "note" | "none";
  readonly message: { readonly text: string };
  readonly locations?: readonly unknown[];
  readonly partialFingerprints: Readonly<Record<string, string>>;
  readonly suppressions?: readonly { readonly kind: "external"; readonly status: "accepted"; readonly justification: string }[];
  readonly properties?: { readonly engine: string; readonly build: string };
}

/** A clause level's rule id: `REG-1/required` (SARIF's hierarchical form). */
export const sarifRuleId = (id: string, level: Level): string => `${id}/${level}`;

export function sarifReport(clauses: readonly Clause[], verdicts: readonly ClauseVerdict[], run: SarifRun): object {
  const summary = summarize(verdicts, run.level, run.gaps);
  const rules = clauses.flatMap((clause) =>
    LEVELS.filter((level) => clause.levels[level]).map((level) => ({
      id: sarifRuleId(clause.id, level),
      name: `${clause.id} ${level}`,
      shortDescription: { text: `${clause.id} (${level}): ${clause.title}` },
      fullDescription: { text: clause.rules[level] },
      help: { text: clause.rules[level] },
      helpUri: `${run.checklistUri}#${clause.anchor}`,
      defaultConfiguration: { level: levelsUpTo(run.level).includes(level) ? "error" : "warning" },
    })),
  );
  const index = new Map(rules.map((rule, i) => [rule.id, i]));
  const locations = run.profilePath
    ? [{ physicalLocation: { artifactLocation: { uri: run.profilePath, uriBaseId: "%SRCROOT%" }, region: { startLine: 1 } } }]
    : undefined;
  const result = (id: string, level: Level, kind: SarifResult["kind"], text: string): SarifResult | null => {
    const ruleId = sarifRuleId(id, level);
    const ruleIndex = index.get(ruleId);
    if (ruleIndex === undefined) return null;
    const severity = kind === "open" ? "none" : levelsUpTo(run.level).includes(level) ? "error" : "warning";
    // Every result is on the same line of the same file: the clause level tells them apart.
    return { ruleId, ruleIndex, kind, level: severity, message: { text }, ...(locations ? { locations } : {}), partialFingerprints: { clauseLevel: ruleId } };
  };
  const details = (v: ClauseVerdict, level: Level, outcome: "failed" | "inconclusive") =>
    v.tests.filter((t) => t.level === level && t.outcome === outcome).map((t) => `${t.title}: ${t.detail ?? outcome}`);
  // Another engine's failed and inconclusive levels: a note where the engine is advisory.
  const engineResults = (column: EngineColumn) =>
    LEVELS.flatMap((level) =>
      column.verdicts
        .filter((v) => v[level] === "failed" || v[level] === "inconclusive")
        .map((v) => {
          const failed = v[level] === "failed";
          const what = failed ? `${v.id} ${level} failed in ${column.heading}` : `${v.id} ${level} is inconclusive in ${column.heading}`;
          const text = [`${what}${column.gate ? "" : " (advisory)"}.`, ...details(v, level, failed ? "failed" : "inconclusive")].join("\n");
          const one = result(v.id, level, failed ? "fail" : "open", text);
          if (!one) return null;
          const severity = !failed ? "none" : column.gate ? one.level : "note";
          const gap = run.gaps.find((g) => g.id === v.id && g.level === level);
          return {
            ...one,
            ...(failed && gap && isAccepted(run.gaps, v.id, level)
              ? { suppressions: [{ kind: "external", status: "accepted", justification: gap.reason }] as const }
              : {}),
            level: severity,
            partialFingerprints: { ...one.partialFingerprints, engine: column.engine },
            properties: { engine: column.engine, build: column.build },
          };
        }),
    );
  const results = LEVELS.flatMap((level) => [
    ...verdicts
      .filter((v) => v[level] === "failed")
      .map((v) => {
        const failed = result(v.id, level, "fail", [`${v.id} ${level} failed.`, ...details(v, level, "failed")].join("\n"));
        const gap = run.gaps.find((g) => g.id === v.id && g.level === level);
        return failed && gap && isAccepted(run.gaps, v.id, level)
          ? { ...failed, suppressions: [{ kind: "external", status: "accepted", justification: gap.reason }] as const }
          : failed;
      }),
    ...run.gaps.filter((gap) => gap.status === "stale" && gap.level === level).map((gap) => result(gap.id, level, "fail", `${staleLine(gap)}.`)),
    ...verdicts
      .filter((v) => v[level] === "inconclusive")
      .map((v) =>
        result(
          v.id,
          level,
          "open",
          [`${v.id} ${level} is inconclusive: an error of the run, not a verdict on the app.`, ...details(v, level, "inconclusive")].join("\n"),
        ),
      ),
  ])
    .concat((run.engines ?? []).flatMap(engineResults))
    .filter((r): r is SarifResult => r !== null);
  return {
    $schema: SARIF_SCHEMA,
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "pwa-conformance-kit", version: run.version, informationUri: run.checklistUri, rules } },
        invocations: [
          {
            executionSuccessful: summary.inconclusive === 0,
            // How much was judged, for a reader of the log; the same count, whole, in the run's properties.
            toolExecutionNotifications: [{ level: "note", message: { text: judgedSentence(summary.judged) } }],
          },
        ],
        results,
        properties: { judged: summary.judged },
      },
    ],
  };
}
