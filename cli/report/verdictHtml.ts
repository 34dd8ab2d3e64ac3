/**
 * The report as one self-contained HTML page (no scripts, no outside files): the outcome, a row per
 * clause with both levels, and each failure, inconclusive test and exclusion with its reason and a
 * link to its trace; it links to Playwright's HTML report beside it for everything else, and each
 * clause, and each rule at a level, to the checklist page beside it (checklistLinks.ts).
 */
import { escapeHtml } from "../../kit/escapeHtml.ts";
import type { Level } from "../../kit/outcomes.ts";
import { type AcceptedGap, staleLine } from "./acceptedGaps.ts";
import { type ClauseLink, onChecklistPage } from "./checklistLinks.ts";
import { type EngineColumn, engineCell, gatedOutcome, uncoveredWords } from "./engineColumns.ts";
import { type JudgedLevels, notJudgedByClause } from "./judgedLevels.ts";
import { judgedSentence } from "./judgedSentence.ts";
import type { ProbeRecord } from "./probeRecord.ts";
import {
  engineHeading,
  enginesSentence,
  leftOutBesideItsLevel,
  NOT_JUDGED_INTRO,
  OTHER_TESTS_LEFT_OUT,
  outcomeSentence,
  TEXT_VERDICT_LABEL,
  verdictLabel,
  verdictWords,
} from "./verdictMarkdown.ts";
import { type ClauseVerdict, suiteNotes, summarize, type TestOutcome } from "./verdicts.ts";

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:70rem;padding:0 1rem;color:#1b1b1b}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ddd;padding:.35rem .5rem;text-align:left;vertical-align:top}
th{background:#f4f4f4}.failed{color:#a00}.inconclusive{color:#8a5a00}.passed{color:#0a6b2d}.muted{color:#666}
li{margin:.3rem 0}code{background:#f4f4f4;padding:0 .2rem}td a{color:inherit}`;

/** A link to the clause, or its rule at `level`, on the checklist. */
function toRule(link: ClauseLink, v: ClauseVerdict, text: string, level?: Level): string {
  return `<a href="${escapeHtml(link(v.id, v.title, level))}">${text}</a>`;
}

function cell(gaps: readonly AcceptedGap[], v: ClauseVerdict, level: Level, link: ClauseLink): string {
  const label = escapeHtml(verdictLabel(gaps, v, level, TEXT_VERDICT_LABEL));
  return `<td class="${v[level]}">${v[level] === "none" ? label : toRule(link, v, label, level)}</td>`;
}

function item(v: ClauseVerdict, t: TestOutcome, link: ClauseLink): string {
  const trace = t.trace ? ` <a href="${escapeHtml(t.trace)}">trace</a>` : "";
  return `<li><strong>${escapeHtml(v.id)}</strong> <span class="muted">(${toRule(link, v, t.level, t.level)})</span> ${escapeHtml(t.title)}${t.detail ? ` — ${escapeHtml(t.detail)}` : ""}${trace}</li>`;
}

function list(
  verdicts: readonly ClauseVerdict[],
  title: string,
  wanted: readonly TestOutcome["outcome"][],
  intro: string,
  link: ClauseLink,
  shown: (v: ClauseVerdict, t: TestOutcome) => boolean = () => true,
): string {
  const items = verdicts.flatMap((v) => v.tests.filter((t) => wanted.includes(t.outcome) && shown(v, t)).map((t) => item(v, t, link)));
  return items.length === 0 ? "" : `<h2>${title}</h2><p>${intro}</p><ul>${[...new Set(items)].join("")}</ul>`;
}

function notJudgedList(judged: JudgedLevels, verdicts: readonly ClauseVerdict[], link: ClauseLink): string {
  const items = notJudgedByClause(judged.notJudged).map((u) => {
    const v = verdicts.find((verdict) => verdict.id === u.id);
    const levels = u.levels.map((level) => (v ? toRule(link, v, level, level) : level)).join(" and ");
    return `<li><strong>${escapeHtml(u.id)}</strong> <span class="muted">(${levels})</span> ${verdictWords(u.verdict)}: ${escapeHtml(u.reasons.join("; "))}</li>`;
  });
  return items.length === 0 ? "" : `<h2>Levels not judged</h2><p>${escapeHtml(NOT_JUDGED_INTRO)}</p><ul>${items.join("")}</ul>`;
}

function notesList(verdicts: readonly ClauseVerdict[]): string {
  const notes = suiteNotes(verdicts);
  if (notes.length === 0) return "";
  const items = notes.map(({ note, tests }) => `<li>${tests} test(s): ${escapeHtml(note)}.</li>`).join("");
  return `<h2>How the suite ran</h2><p>Not verdicts: what the suite did beyond a test's own steps.</p><ul>${items}</ul>`;
}

function probeList(probe: ProbeRecord | undefined): string {
  if (probe === undefined) return "";
  const items = [
    ...probe.learned,
    ...(probe.failure ? [`The probe could not finish, so no clause test ran: ${probe.failure}`] : []),
    ...(probe.disagreements.length > 0
      ? [`Shards' probes saw these differently (each shard's verdicts rest on its own): ${probe.disagreements.join(", ")}`]
      : []),
  ].map((line) => `<li>${escapeHtml(line)}</li>`);
  return `<h2>What the kit learned about your app</h2><p>Learned once, before the clause tests, by the kit's probe (its trace is in the Playwright report); every test's windows rest on these and on the app alone.</p><ul>${items.join("")}</ul>`;
}

/** Each other engine's build and every test of it that did not pass, with its reason (as conformance.md's sections). */
function engineLists(engines: readonly EngineColumn[], link: ClauseLink): string {
  return engines
    .map((column) => {
      const items = column.verdicts.flatMap((v) =>
        v.tests.filter((t) => t.outcome !== "passed").map((t) => item(v, { ...t, title: `${t.title}: ${verdictWords(t.outcome)}` }, link)),
      );
      const uncovered = column.verdicts.filter((v) => v.tests.length === 0);
      const reasons = [...new Set(uncovered.map((v) => uncoveredWords(v.id)))].map(
        (reason) =>
          `<li>${escapeHtml(
            uncovered
              .filter((v) => uncoveredWords(v.id) === reason)
              .map((v) => v.id)
              .join(", "),
          )}: ${escapeHtml(reason)}.</li>`,
      );
      const tests = items.length === 0 ? "<p>Every test that ran in it passed.</p>" : "";
      return `<h2>${escapeHtml(engineHeading(column))}</h2><p class="muted">Build: ${escapeHtml(column.build)}.</p>${tests}<ul>${[...new Set(items), ...reasons].join("")}</ul>`;
    })
    .join("");
}

export function verdictHtml(
  target: string,
  verdicts: readonly ClauseVerdict[],
  level: Level,
  playwrightReport: string,
  gaps: readonly AcceptedGap[] = [],
  probe?: ProbeRecord,
  link: ClauseLink = onChecklistPage,
  engines: readonly EngineColumn[] = [],
): string {
  const summary = summarize(verdicts, level, gaps, gatedOutcome(engines, level, gaps));
  const tone = summary.failed.length > 0 || summary.stale.length > 0 ? "failed" : summary.inconclusive > 0 ? "inconclusive" : "passed";
  const outcome = `<p class="${tone}">${escapeHtml(outcomeSentence(summary, level))}</p>`;
  const judged = `<p>${escapeHtml(judgedSentence(summary.judged))}</p>`;
  const accepted = summary.accepted.map(
    (gap) => `<li><strong>${escapeHtml(gap.id)}</strong> <span class="muted">(${gap.level})</span> ${escapeHtml(gap.reason)}</li>`,
  );
  const gapLists = [
    accepted.length === 0
      ? ""
      : `<h2>Accepted gaps</h2><p>Failures the profile accepts for now (<code>expect</code>): reported, not counted in the exit code.</p><ul>${accepted.join("")}</ul>`,
    summary.stale.length === 0
      ? ""
      : `<h2>Accepted gaps that no longer fail</h2><ul>${summary.stale.map((gap) => `<li>${escapeHtml(staleLine(gap))}.</li>`).join("")}</ul>`,
  ].join("");
  const rows = verdicts
    .map(
      (v) =>
        `<tr><td>${toRule(link, v, escapeHtml(v.id))}</td><td>${escapeHtml(v.title)}</td>${cell(gaps, v, "required", link)}${cell(gaps, v, "recommended", link)}${engines.map((column) => `<td>${escapeHtml(engineCell(column, v, TEXT_VERDICT_LABEL))}</td>`).join("")}</tr>`,
    )
    .join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Conformance: ${escapeHtml(target)}</title><style>${STYLE}</style></head>
<body><main>
<h1>Conformance report: ${escapeHtml(target)}</h1>
${outcome}
${judged}
<p class="muted">Required: what the behaviours demand (as Serwist + Next.js do them). Recommended: the checklist's stricter practice. Every test, with its steps and trace: <a href="${escapeHtml(playwrightReport)}">Playwright report</a>. Each clause and verdict links to its rule in the checklist.</p>
${enginesSentence(engines)
  .map((line) => (line ? `<p class="muted">${escapeHtml(line)}</p>` : ""))
  .join("")}
<table><thead><tr><th>Clause</th><th>Rule</th><th>Required</th><th>Recommended</th>${engines.map((column) => `<th>${escapeHtml(engineHeading(column))}</th>`).join("")}</tr></thead><tbody>${rows}</tbody></table>
${gapLists}
${list(verdicts, "Failures", ["failed"], "Rules the app does not meet, in the words of the assertion.", link)}
${list(verdicts, "Inconclusive", ["inconclusive"], "Tests the suite could not carry out: errors of the run, not verdicts on the app.", link)}
${notJudgedList(summary.judged, verdicts, link)}
${list(verdicts, "Other tests left out", ["not-applicable", "not-checked"], OTHER_TESTS_LEFT_OUT, link, leftOutBesideItsLevel)}
${engineLists(engines, link)}
${probeList(probe)}
${notesList(verdicts)}
</main></body></html>
`;
}
