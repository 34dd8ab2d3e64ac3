/**
 * The report as Markdown (also GitHub's job summary): a summary per level, one row per clause with
 * both levels, then what failed, what could not be carried out, and what was left out, each with
 * its reason. Each clause links to its heading in docs/conformance.md on GitHub, where a job summary's
 * reader can open it (checklistLinks.ts).
 */
import { LEVELS, type Level, OUTCOMES, type Outcome } from "../../kit/outcomes.ts";
import { type AcceptedGap, isAccepted, staleLine } from "./acceptedGaps.ts";
import { onGitHub } from "./checklistLinks.ts";
import { ADVISORY_NOTE, type EngineColumn, engineCell, gatedOutcome, uncoveredWords } from "./engineColumns.ts";
import { type JudgedLevels, notJudgedByClause } from "./judgedLevels.ts";
import { judgedSentence } from "./judgedSentence.ts";
import { type ProbeRecord, probeMarkdown } from "./probeRecord.ts";
import { type ClauseVerdict, type RunSummary, suiteNotes, summarize, type TestOutcome, type Verdict } from "./verdicts.ts";

export const VERDICT_LABEL: Record<Verdict, string> = {
  passed: "✅ pass",
  failed: "❌ fail",
  inconclusive: "⚠️ inconclusive",
  "not-applicable": "➖ not applicable",
  "not-checked": "⚪ not checked",
  none: "—",
};

function levelLine(verdicts: readonly ClauseVerdict[], level: Level): string {
  const counts = OUTCOMES.map((verdict) => [verdict, verdicts.filter((v) => v[level] === verdict).length] as const)
    .filter(([, n]) => n > 0)
    .map(([verdict, n]) => `${n} ${verdictWords(verdict)}`);
  const ruled = verdicts.filter((v) => v[level] !== "none").length;
  return `**${level[0]?.toUpperCase()}${level.slice(1)}** (${ruled} ${ruled === 1 ? "clause" : "clauses"} with such rules): ${counts.join(", ") || "nothing ran"}.`;
}

/** A verdict in words, without its mark: "not checked". */
export const verdictWords = (verdict: Verdict): string => VERDICT_LABEL[verdict].replace(/^\S+ /, "");

/** The intro of the list of levels not judged, the same in conformance.md and .html. */
export const NOT_JUDGED_INTRO =
  "A level is judged when it passes or fails. These ran and were not, each with its tests' reasons: for a level not checked, what would let the kit judge it (a profile field to fill, or what the app would have to do). Not applicable levels are decided by the profile and left out of the count.";

/** The intro of the tests left out that the list of levels does not already give. */
export const OTHER_TESTS_LEFT_OUT =
  "Tests not applicable or not checked at a level whose verdict is another (its other tests decided it), each with the reason.";

function notJudgedSection(judged: JudgedLevels): string[] {
  const entries = notJudgedByClause(judged.notJudged);
  if (entries.length === 0) return [];
  return [
    "",
    "## Levels not judged",
    "",
    NOT_JUDGED_INTRO,
    "",
    ...entries.map((u) => `- **${u.id}** ${u.levels.join(" and ")}, ${verdictWords(u.verdict)}: ${u.reasons.join("; ")}`),
  ];
}

function notesSection(verdicts: readonly ClauseVerdict[]): string[] {
  const notes = suiteNotes(verdicts);
  if (notes.length === 0) return [];
  return [
    "",
    "## How the suite ran",
    "",
    "Not verdicts: what the suite did beyond a test's own steps.",
    "",
    ...notes.map(({ note, tests }) => `- ${tests} test(s): ${note}.`),
  ];
}

function bullet(v: ClauseVerdict, t: TestOutcome): string {
  return `- **${v.id}** (${t.level}) ${t.title}${t.detail ? ` — ${t.detail}` : ""}${t.trace ? ` ([trace](${t.trace}))` : ""}`;
}

/** A test left out (not applicable or not checked) whose reason its level's entry under "Levels not judged" does not already give. */
export const leftOutBesideItsLevel = (v: ClauseVerdict, t: TestOutcome): boolean => v[t.level] !== t.outcome;

function section(
  verdicts: readonly ClauseVerdict[],
  title: string,
  intro: string,
  wanted: readonly Outcome[],
  shown: (v: ClauseVerdict, t: TestOutcome) => boolean = () => true,
): string[] {
  const lines = [...new Set(verdicts.flatMap((v) => v.tests.filter((t) => wanted.includes(t.outcome) && shown(v, t)).map((t) => bullet(v, t))))];
  return lines.length === 0 ? [] : ["", `## ${title}`, "", intro, "", ...lines];
}

/** The report's first sentence: does the app conform at the deciding level, and what stands in the way. */
export function outcomeSentence(summary: RunSummary, level: Level): string {
  const stale = summary.stale.length > 0 ? ` Accepted gaps that no longer fail: ${summary.stale.map(staleLine).join("; ")}.` : "";
  const accepted = summary.accepted.length > 0 ? `, with ${summary.accepted.length} accepted gap(s) (below)` : "";
  if (summary.failed.length > 0) return `Does not conform at the ${level} level: ${summary.failed.join(", ")} failed.${stale}`;
  if (summary.stale.length > 0) return `Does not conform at the ${level} level:${stale}`;
  if (summary.inconclusive > 0)
    return `Inconclusive: no clause failed at the ${level} level, but ${summary.inconclusive} test(s) could not be carried out (below).`;
  return `Conforms at the ${level} level${accepted}.`;
}

/**
 * The same labels with marks every common font has (DejaVu, Liberation, the system UI fonts), for
 * the HTML page: where no emoji font is installed, ✅ and ❌ render as empty boxes.
 */
export const TEXT_VERDICT_LABEL: Record<Verdict, string> = {
  passed: "✓ pass",
  failed: "✗ fail",
  inconclusive: "! inconclusive",
  "not-applicable": "– not applicable",
  "not-checked": "○ not checked",
  none: "—",
};

/** A level's verdict as the table shows it, marked when the profile accepts the failure. */
export function verdictLabel(gaps: readonly AcceptedGap[], v: ClauseVerdict, level: Level, labels: Record<Verdict, string> = VERDICT_LABEL): string {
  return `${labels[v[level]]}${isAccepted(gaps, v.id, level) ? " (accepted)" : ""}`;
}

function gapsSection(summary: RunSummary): string[] {
  return [
    ...(summary.accepted.length === 0
      ? []
      : [
          "",
          "## Accepted gaps",
          "",
          "Failures the profile accepts for now (`expect`), each with its reason: reported, not counted in the exit code.",
          "",
          ...summary.accepted.map((gap) => `- **${gap.id}** (${gap.level}) ${gap.reason}`),
        ]),
    ...(summary.stale.length === 0 ? [] : ["", "## Accepted gaps that no longer fail", "", ...summary.stale.map((gap) => `- ${staleLine(gap)}.`)]),
  ];
}

/** An engine column's heading: its name and version, and whether it counts. */
export const engineHeading = (column: EngineColumn): string => `${column.heading} (${column.gate ? "gating" : "advisory"})`;

/** The other engines' sentence above the table, or nothing when Chromium ran alone. */
export function enginesSentence(engines: readonly EngineColumn[]): string[] {
  if (engines.length === 0) return [];
  return [
    `Required and Recommended are Chromium's; each other engine's column gives its required · recommended verdicts from the clause checks that run in it (docs/engines.md). ${ADVISORY_NOTE}`,
    "",
  ];
}

function engineBullet(v: ClauseVerdict, t: TestOutcome): string {
  return `- **${v.id}** (${t.level}) ${t.title}: ${verdictWords(t.outcome)}${t.detail ? ` — ${t.detail}` : ""}${t.trace ? ` ([trace](${t.trace}))` : ""}`;
}

/** Each other engine's build, and every test of it that did not pass, with its reason; the clauses it has no check of. */
function enginesSection(engines: readonly EngineColumn[]): string[] {
  return engines.flatMap((column) => {
    const tests = column.verdicts.flatMap((v) => v.tests.filter((t) => t.outcome !== "passed").map((t) => engineBullet(v, t)));
    const uncovered = column.verdicts.filter((v) => v.tests.length === 0);
    const reasons = [...new Set(uncovered.map((v) => uncoveredWords(v.id)))];
    return [
      "",
      `## ${engineHeading(column)}`,
      "",
      `Build: ${column.build}.`,
      "",
      ...(tests.length === 0 ? ["Every test that ran in it passed.", ""] : [...new Set(tests)]),
      ...reasons.map(
        (reason) =>
          `- ${uncovered
            .filter((v) => uncoveredWords(v.id) === reason)
            .map((v) => v.id)
            .join(", ")}: ${reason}.`,
      ),
    ];
  });
}

/**
 * `browser`: the Chromium the run used (its build, and kit/chromium.mjs's description); the tests
 * that needed the full one (INS) say so under "How the suite ran". `engines`: the other engines'
 * columns (engineColumns.ts), none when Chromium ran alone.
 */
export function verdictMarkdown(
  target: string,
  verdicts: readonly ClauseVerdict[],
  level: Level,
  gaps: readonly AcceptedGap[] = [],
  browser?: string,
  probe?: ProbeRecord,
  engines: readonly EngineColumn[] = [],
): string {
  const summary = summarize(verdicts, level, gaps, gatedOutcome(engines, level, gaps));
  const engineHeads = engines.map((column) => ` ${engineHeading(column)} |`).join("");
  const lines = [
    `# Conformance report: ${target}`,
    "",
    ...(browser === undefined ? [] : [`Browser: ${browser}; the tests that needed the full Chromium say so under "How the suite ran".`, ""]),
    outcomeSentence(summary, level),
    "",
    judgedSentence(summary.judged),
    "",
    ...LEVELS.map((l) => `- ${levelLine(verdicts, l)}`),
    "",
    ...enginesSentence(engines),
    `| Clause | Rule | Required | Recommended |${engineHeads} Tests (pass / fail / inconclusive / n/a / not checked) |`,
    `|---|---|---|---|${engines.map(() => "---|").join("")}---|`,
    ...verdicts.map((v) => {
      const n = OUTCOMES.map((o) => v.tests.filter((t) => t.outcome === o).length).join(" / ");
      const cells = engines.map((column) => ` ${engineCell(column, v, VERDICT_LABEL)} |`).join("");
      return `| [${v.id}](${onGitHub(v.id, v.title)}) | ${v.title} | ${verdictLabel(gaps, v, "required")} | ${verdictLabel(gaps, v, "recommended")} |${cells} ${n} |`;
    }),
    ...gapsSection(summary),
    ...section(verdicts, "Failures", "Each is a rule the app does not meet, in the words of its assertion.", ["failed"]),
    ...section(
      verdicts,
      "Inconclusive",
      "The suite could not carry these out (its own step broke, or another clause's behaviour was missing). They are errors of the run, not verdicts on the app.",
      ["inconclusive"],
    ),
    ...notJudgedSection(summary.judged),
    ...section(verdicts, "Other tests left out", OTHER_TESTS_LEFT_OUT, ["not-applicable", "not-checked"], leftOutBesideItsLevel),
    ...enginesSection(engines),
    ...probeMarkdown(probe),
    ...notesSection(verdicts),
  ];
  return `${lines.join("\n")}\n`;
}
