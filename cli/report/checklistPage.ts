/**
 * The checklist as one page a person would rather read than the Markdown: every clause with its
 * rule at both levels, why, how the suite proves it, and the verdicts the example apps' records
 * (docs/second-app.md, …) give it, stack by stack. Self-contained (inline CSS, no script, every
 * link absolute or an anchor of the page), so it works from file://, from the mock server
 * (`/__mock/checklist`) and beside a report. Anchors come from clauseAnchor, which the reports'
 * links use too.
 */
import { clauseAnchor } from "../../kit/clauseId.ts";
import { escapeHtml } from "../../kit/escapeHtml.ts";
import { githubSlug, kitFileOnGitHub } from "../../kit/kitRepository.ts";
import { LEVELS, type Level } from "../../kit/outcomes.ts";
import type { ChecklistDocument, ChecklistSection, DocumentClause, PartLabel } from "./checklistDocument.ts";
import { blocksHtml, type LinkTarget } from "./markdownHtml.ts";
import { TEXT_VERDICT_LABEL } from "./verdictMarkdown.ts";
import type { Verdict } from "./verdicts.ts";

/** One example app's record: its verdicts at both levels, clause by clause, as written by hand. */
export interface StackVerdicts {
  /** What the app is built with, as the page names it: `Next.js + Serwist`. */
  readonly name: string;
  /** The record, a path in the repository: `docs/next-app.md`. */
  readonly record: string;
  readonly verdicts: ReadonlyMap<string, Readonly<Record<Level, Verdict>>>;
}

const STYLE = `:root{color-scheme:light dark;--fg:#1b1b1b;--bg:#fff;--muted:#5f5f5f;--line:#ddd;--code:#f2f2f2;--link:#0b57d0;--pass:#0a6b2d;--fail:#a00;--rule:#f7f7f7}
@media (prefers-color-scheme:dark){:root{--fg:#e6e6e6;--bg:#161616;--muted:#a8a8a8;--line:#3a3a3a;--code:#262626;--link:#8ab4f8;--pass:#6fcf8f;--fail:#ff8a80;--rule:#1f1f1f}}
body{font:16px/1.55 system-ui,sans-serif;margin:0 auto;max-width:52rem;padding:1rem;color:var(--fg);background:var(--bg)}
a{color:var(--link)}code{background:var(--code);padding:0 .2rem;border-radius:3px;overflow-wrap:anywhere}
h1{font-size:1.7rem}h2{margin-top:2.5rem;border-bottom:1px solid var(--line)}h3{margin:0 0 .5rem}h4{margin:.9rem 0 .2rem;font-size:1rem}
.clause{border:1px solid var(--line);border-radius:6px;padding:1rem;margin:1.5rem 0}.clause h3 a{text-decoration:none}
.rule{background:var(--rule);border-left:4px solid var(--line);padding:.1rem .8rem;margin:.6rem 0}.rule h4{margin-top:.5rem}
.clause p{margin:.35rem 0}.muted{color:var(--muted)}.passed{color:var(--pass)}.failed{color:var(--fail)}
nav ul{padding-left:1.2rem}nav li{margin:.15rem 0}.scroll{overflow-x:auto}
table{border-collapse:collapse;min-width:100%}th,td{border-bottom:1px solid var(--line);padding:.3rem .5rem;text-align:left;vertical-align:top}
:target{outline:2px solid var(--link);outline-offset:4px}
@media (max-width:30rem){body{padding:.6rem}.clause{padding:.7rem}table{font-size:.85rem}th,td{padding:.3rem .3rem}}`;

/** Links of docs/conformance.md as the page needs them: its relative ones are files of docs/, published on GitHub. */
const docsLink: LinkTarget = (target) => (/^([a-z][a-z0-9+.-]*:|#)/i.test(target) ? target : kitFileOnGitHub(`docs/${target}`));

function part(clause: DocumentClause, label: PartLabel): string | undefined {
  return clause.parts.find((p) => p.label === label)?.markdown;
}

function levelBlock(clause: DocumentClause, level: Level): string {
  const name = level === "required" ? "Required" : "Recommended";
  const rule = clause.levels[level] ? blocksHtml(part(clause, name) ?? "", docsLink) : `<p class="muted">No rule at this level (—).</p>`;
  return `<div class="rule" id="${clauseAnchor(clause.id, level)}"><h4>${name}</h4>${rule}</div>`;
}

function verdictCell(verdicts: Readonly<Record<Level, Verdict>> | undefined, level: Level): string {
  if (verdicts === undefined) return `<td class="muted">not recorded</td>`;
  return `<td class="${verdicts[level]}">${escapeHtml(TEXT_VERDICT_LABEL[verdicts[level]])}</td>`;
}

function stacksTable(clause: DocumentClause, stacks: readonly StackVerdicts[]): string {
  if (stacks.length === 0) return "";
  const rows = stacks
    .map((stack) => {
      const verdicts = stack.verdicts.get(clause.id);
      const name = `<a href="${escapeHtml(kitFileOnGitHub(stack.record))}">${escapeHtml(stack.name)}</a>`;
      return `<tr><td>${name}</td>${LEVELS.map((level) => verdictCell(verdicts, level)).join("")}</tr>`;
    })
    .join("");
  return `<h4>Which stacks pass</h4><p class="muted">As each example app's record gives it, checked against every <code>npm test</code>.</p><div class="scroll"><table><thead><tr><th>Stack</th><th>Required</th><th>Recommended</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function clauseHtml(clause: DocumentClause, stacks: readonly StackVerdicts[]): string {
  const anchor = clauseAnchor(clause.id);
  const prose = (["Why", "How", "Stacks", "Fails it"] as const)
    .map((label) => {
      const text = part(clause, label);
      return text === undefined ? "" : `<h4>${label}</h4>${blocksHtml(text, docsLink)}`;
    })
    .join("");
  const specs = clause.specFiles.map((file) => `<code>${escapeHtml(file)}</code>`).join(", ");
  return `<article class="clause" id="${anchor}"><h3><a href="#${anchor}">${escapeHtml(clause.id)}</a> — ${escapeHtml(clause.title)}</h3>
${LEVELS.map((level) => levelBlock(clause, level)).join("")}
${prose}
${stacksTable(clause, stacks)}
<p class="muted">Specs: ${specs}</p></article>`;
}

function sectionHtml(section: ChecklistSection, stacks: readonly StackVerdicts[]): string {
  return `<section id="${escapeHtml(githubSlug(section.heading))}"><h2>${escapeHtml(section.heading)}</h2>
${blocksHtml(section.intro, docsLink)}
${section.clauses.map((clause) => clauseHtml(clause, stacks)).join("\n")}</section>`;
}

function contents(doc: ChecklistDocument): string {
  const items = doc.sections.map((section) => {
    const clauses = section.clauses.map((c) => `<li><a href="#${clauseAnchor(c.id)}">${escapeHtml(c.id)}</a> ${escapeHtml(c.title)}</li>`).join("");
    return `<li><a href="#${escapeHtml(githubSlug(section.heading))}">${escapeHtml(section.heading)}</a>${clauses ? `<ul>${clauses}</ul>` : ""}</li>`;
  });
  return `<nav aria-label="Contents"><h2>Contents</h2><ul>${items.join("")}</ul></nav>`;
}

/** The whole page, from the parsed checklist and the example apps' records. */
export function checklistPage(doc: ChecklistDocument, stacks: readonly StackVerdicts[]): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark">
<title>${escapeHtml(doc.title)}</title><style>${STYLE}</style></head>
<body><header><h1>${escapeHtml(doc.title)}</h1>
<p class="muted">pwa-conformance-kit's checklist, made from <a href="${escapeHtml(kitFileOnGitHub("docs/conformance.md"))}">docs/conformance.md</a> by <code>npm run build</code>.</p></header>
${contents(doc)}
<main>
${blocksHtml(doc.intro, docsLink)}
${doc.sections.map((section) => sectionHtml(section, stacks)).join("\n")}
</main></body></html>
`;
}
