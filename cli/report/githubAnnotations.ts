/**
 * The verdicts as GitHub Actions annotations, which GitHub shows on the pull request and the run's
 * page, not only in the log: one per clause level that failed (an error where that level decides
 * the exit code, a warning where it does not, as recommended under `--level required`), per
 * accepted gap that no longer fails, and, as a warning, per level that was inconclusive; each on the
 * profile's file, quoting the checklist's rule and the deciding assertion's words. A last line says
 * what the run comes to, how much of it was judged (judgedSentence.ts) and where the whole report is.
 * Each other engine's column (`check --engines`) adds its failed and inconclusive levels, titled with
 * the engine's build: as Chromium's where `--gate` counts the engine, a notice where it is advisory
 * (shown, not counted: the same words as the report's and SARIF's). The last line's outcome counts the
 * gated engines' failures, as the exit code does.
 *
 * The kit writes these itself instead of adding Playwright's `github` reporter: that one annotates
 * the failed test's own line, a spec file inside the kit's package (node_modules/…), which means
 * nothing to the app's authors and is never part of their pull request's diff; and it speaks of
 * tests, not of the clauses and levels the exit code is made of. The conformance reporter prints
 * them, so `check` in any workflow and `merge` of a sharded check give the same lines from the same
 * verdicts.
 */
import { ENV } from "../../kit/env.mjs";
import { LEVELS, type Level } from "../../kit/outcomes.ts";
import { type AcceptedGap, isAccepted, staleLine } from "./acceptedGaps.ts";
import type { Clause } from "./checklist.ts";
import { type EngineColumn, gatedOutcome } from "./engineColumns.ts";
import { judgedSentence } from "./judgedSentence.ts";
import { outcomeSentence } from "./verdictMarkdown.ts";
import { type ClauseVerdict, exitCodeFor, levelsUpTo, summarize } from "./verdicts.ts";
import { type WorkflowCommandKind, workflowCommand } from "./workflowCommand.ts";

/**
 * GitHub shows at most 10 annotations of each kind (error, warning, notice) from one step and 50
 * from a job, and drops the rest without a word (actions/toolkit, docs/problem-matchers.md): so
 * the most important come first and the last line counts what was left out.
 */
export const ANNOTATIONS_PER_KIND = 10;

/** Whether a run prints annotations: in GitHub Actions, unless the run expects failures (ENV.expectedFailures). */
export function annotatesForGitHub(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  // The kit's own checks of its example apps expect their recorded failures: the comparison with
  // the record is their verdict, and an error annotation for each would only mislead its CI.
  return env.GITHUB_ACTIONS === "true" && !env[ENV.expectedFailures];
}

export interface AnnotatedRun {
  readonly level: Level;
  readonly gaps: readonly AcceptedGap[];
  /** The profile's path from the repository's root (RunMetadata.profilePath), the file each annotation is on. */
  readonly profilePath?: string | undefined;
  /** The whole report (conformance.md), as the log names it. */
  readonly report: string;
  /** The other engines' columns (`check --engines`), each with its verdicts. */
  readonly engines?: readonly EngineColumn[] | undefined;
}

interface Annotation {
  readonly kind: WorkflowCommandKind;
  readonly title: string;
  readonly message: string;
}

/**
 * One level's annotations across the clauses of one engine's verdicts (Chromium's when `column` is
 * undefined), in the checklist's order: failures, then stale gaps (Chromium's, the run's own), then
 * inconclusive levels.
 */
function levelAnnotations(
  clauses: readonly Clause[],
  verdicts: readonly ClauseVerdict[],
  level: Level,
  run: AnnotatedRun,
  column?: EngineColumn,
): Annotation[] {
  const decides = levelsUpTo(run.level).includes(level);
  // An advisory engine's words are notices: shown, never counted.
  const counted = column === undefined || column.gate;
  const where = column === undefined ? "" : ` in ${column.heading}`;
  const advisory = counted ? [] : [`Advisory: shown, not counted in the exit code (check --gate ${column?.engine} counts it).`];
  const rule = (id: string) => clauses.find((clause) => clause.id === id)?.rules[level] ?? "";
  const lines = (v: ClauseVerdict, outcome: "failed" | "inconclusive") =>
    v.tests.filter((t) => t.level === level && t.outcome === outcome).map((t) => `— ${t.title}: ${t.detail ?? outcome}`);
  const failed = verdicts
    .filter((v) => v[level] === "failed" && !isAccepted(run.gaps, v.id, level))
    .map(
      (v): Annotation => ({
        kind: !counted ? "notice" : decides ? "error" : "warning",
        title: `${v.id} ${level} failed${where}: ${v.title}`,
        message: [rule(v.id), ...lines(v, "failed"), ...advisory].join("\n"),
      }),
    );
  const stale =
    column !== undefined
      ? []
      : run.gaps
          .filter((gap) => gap.status === "stale" && gap.level === level)
          .map(
            (gap): Annotation => ({
              kind: decides ? "error" : "warning",
              title: `${gap.id} ${level}: an accepted gap no longer fails`,
              message: `${staleLine(gap)}.`,
            }),
          );
  const inconclusive = verdicts
    .filter((v) => v[level] === "inconclusive")
    .map(
      (v): Annotation => ({
        kind: counted ? "warning" : "notice",
        title: `${v.id} ${level} inconclusive${where}: ${v.title}`,
        message: [
          rule(v.id),
          ...lines(v, "inconclusive"),
          "The suite could not carry this out: an error of the run, not a verdict on the app.",
          ...advisory,
        ].join("\n"),
      }),
    );
  return [...failed, ...stale, ...inconclusive];
}

/** The workflow command lines for a run's verdicts, at most ANNOTATIONS_PER_KIND of each kind, the summary last. */
export function githubAnnotations(clauses: readonly Clause[], verdicts: readonly ClauseVerdict[], run: AnnotatedRun): string[] {
  const engines = run.engines ?? [];
  const summary = summarize(verdicts, run.level, run.gaps, gatedOutcome(engines, run.level, run.gaps));
  // Per level, Chromium's first, then each engine's in the kit's order.
  const all = LEVELS.flatMap((level) => [
    ...levelAnnotations(clauses, verdicts, level, run),
    ...engines.flatMap((column) => levelAnnotations(clauses, column.verdicts, level, run, column)),
  ]);
  const last: Annotation = { kind: exitCodeFor(summary) === 0 ? "notice" : "error", title: "pwa-conformance-kit", message: "" };
  const shown: Annotation[] = [];
  const left: string[] = [];
  for (const kind of ["error", "warning", "notice"] as const) {
    const ofKind = all.filter((annotation) => annotation.kind === kind);
    // The summary takes one of its kind's places.
    const room = ANNOTATIONS_PER_KIND - (last.kind === kind ? 1 : 0);
    shown.push(...ofKind.slice(0, room));
    if (ofKind.length > room) left.push(`${ofKind.length - room} more ${kind}(s)`);
  }
  const leftOut =
    left.length > 0 ? ` GitHub shows ${ANNOTATIONS_PER_KIND} annotations of a kind from a step: ${left.join(" and ")} are in the report only.` : "";
  const message = `${outcomeSentence(summary, run.level)} ${judgedSentence(summary.judged)}${leftOut} The whole report: ${run.report}.`;
  return [...shown, { ...last, message }].map((annotation) =>
    workflowCommand(annotation.kind, { file: run.profilePath, title: annotation.title }, annotation.message),
  );
}
