/**
 * Clause ids of the conformance checklist (docs/conformance.md): a family's prefix, a dash and a
 * number (`NAV-5`). The checklist, test titles, profiles and the recorded verdicts of the example
 * apps all use them; a new family of clauses is added here once.
 */
export const CLAUSE_FAMILIES = ["REG", "NAV", "ONL", "ERR", "UPD", "INS"] as const;

/** The source of one clause id, without anchors or flags, for patterns that embed it. */
export const CLAUSE_ID_SOURCE = `(?:${CLAUSE_FAMILIES.join("|")})-\\d+`;

/** A string that is exactly one clause id (a pattern, so a JSON Schema made from it keeps it). */
export const CLAUSE_ID_EXACT = new RegExp(`^${CLAUSE_ID_SOURCE}$`);

export function isClauseId(text: string): boolean {
  return CLAUSE_ID_EXACT.test(text);
}

/** The clause ids a text carries, each once, in order (`REG-1 registers …` → `['REG-1']`). */
export function clauseIdsIn(text: string): string[] {
  return [...new Set(text.match(new RegExp(`\\b${CLAUSE_ID_SOURCE}\\b`, "g")) ?? [])];
}

/**
 * The anchor of a clause on the checklist page (dist/checklist.html), and of its rule at one level:
 * `NAV-3` → `nav-3`, with `recommended` → `nav-3-recommended`. The page makes its ids with this and
 * the reports link with it, so a link cannot name an anchor the page does not have.
 */
export function clauseAnchor(id: string, level?: "required" | "recommended"): string {
  return level === undefined ? id.toLowerCase() : `${id.toLowerCase()}-${level}`;
}
