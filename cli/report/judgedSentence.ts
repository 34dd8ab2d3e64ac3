/**
 * judgedLevels' count as one line, the same in every format: the levels that decide the exit code
 * first, each level not checked with its first reason (what would let the kit judge it), capped so
 * the line stays a line; then the levels that ran without deciding, counted only. The whole list,
 * every reason, is in conformance.md, .html and .json.
 */
import { type JudgedLevels, type LevelTally, notJudgedByClause, type UnjudgedLevel } from "./judgedLevels.ts";

/** Clauses named in the line before "and N more". */
const NAMED_IN_LINE = 3;
/** A reason's length in the line at most; conformance.md has it whole. */
const REASON_CHARS = 100;
/** A reason cut at a clause's end keeps at least this much, or it is cut at a word. */
const CLAUSE_AT_LEAST = 40;

const balanced = (text: string) => (text.match(/\(/g) ?? []).length === (text.match(/\)/g) ?? []).length;

/** A reason on one line, cut where a clause of it ends (the profile field named in parentheses kept whole) or else at a word. */
function shortened(reason: string): string {
  const text = reason.replace(/\s+/g, " ").trim();
  if (text.length <= REASON_CHARS) return text;
  const head = text.slice(0, REASON_CHARS);
  const ends = [...head.matchAll(/[,;:] /g)].map((m) => m.index).filter((i) => i >= CLAUSE_AT_LEAST && balanced(head.slice(0, i)));
  const at = ends.at(-1) ?? (head.lastIndexOf(" ") > 0 ? head.lastIndexOf(" ") : REASON_CHARS);
  return `${head.slice(0, at).replace(/[\s,;:(]+$/, "")}…`;
}

/** The levels, a clause's levels that share their reasons named once, the first few with their first reason. */
function named(levels: readonly UnjudgedLevel[], withReason: boolean): string {
  const entries = notJudgedByClause(levels);
  const shown = entries
    .slice(0, NAMED_IN_LINE)
    .map((u) => `${u.id} ${u.levels.join(" and ")}${withReason && u.reasons[0] ? ` (${shortened(u.reasons[0])})` : ""}`)
    .join(", ");
  // "and N more" counts levels, as the count before the list does.
  const more = entries.slice(NAMED_IN_LINE).reduce((n, u) => n + u.levels.length, 0);
  return more > 0 ? `${shown} and ${more} more` : shown;
}

const total = (tallies: readonly LevelTally[], key: keyof Omit<LevelTally, "level" | "decides">) => tallies.reduce((n, t) => n + t[key], 0);

/** E.g. `Judged 22 of 24 required levels; 2 not checked: ERR-5 required (the profile names no …), UPD-4 required (…); 2 not applicable: ERR-2 required, ERR-3 required.` */
export function judgedSentence(judged: JudgedLevels): string {
  const deciding = judged.levels.filter((t) => t.decides);
  const word = deciding.length === 1 ? `${deciding[0]?.level} levels` : "levels";
  if (total(deciding, "ran") === 0)
    return `No ${deciding.map((t) => t.level).join(" or ")} test ran, so no level that decides the exit code was judged.${othersSentence(judged)}`;
  const of = (verdict: UnjudgedLevel["verdict"]) => judged.notJudged.filter((u) => u.verdict === verdict && deciding.some((t) => t.level === u.level));
  const notChecked = of("not-checked");
  const inconclusive = of("inconclusive");
  const notApplicable = of("not-applicable");
  const parts = [
    `Judged ${total(deciding, "judged")} of ${total(deciding, "ran") - notApplicable.length} ${word}`,
    ...(notChecked.length > 0 ? [`${notChecked.length} not checked: ${named(notChecked, true)}`] : []),
    ...(inconclusive.length > 0 ? [`${inconclusive.length} inconclusive: ${named(inconclusive, false)}`] : []),
    ...(notApplicable.length > 0 ? [`${notApplicable.length} not applicable: ${named(notApplicable, false)}`] : []),
  ];
  return `${parts.join("; ")}.${othersSentence(judged)}`;
}

/** The levels that ran without deciding the exit code (recommended, at the required level), counted only. */
function othersSentence(judged: JudgedLevels): string {
  return judged.levels
    .filter((t) => !t.decides && t.ran > 0)
    .map((t) => {
      const rest = [
        ...(t.notChecked > 0 ? [`${t.notChecked} not checked`] : []),
        ...(t.inconclusive > 0 ? [`${t.inconclusive} inconclusive`] : []),
        ...(t.notApplicable > 0 ? [`${t.notApplicable} not applicable`] : []),
      ];
      return ` ${t.level[0]?.toUpperCase()}${t.level.slice(1)} levels, which do not decide the exit code: judged ${t.judged} of ${t.ran - t.notApplicable}${rest.map((r) => `, ${r}`).join("")}.`;
    })
    .join("");
}
