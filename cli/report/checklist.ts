/**
 * Reads the conformance checklist (docs/conformance.md) and relates it to test titles: every clause
 * needs a test whose title carries its id, every id in a title must be a clause, and a clause's
 * **Specs.** line must name exactly the files whose tests carry its id.
 */
import { CLAUSE_ID_SOURCE, clauseIdsIn } from "../../kit/clauseId.ts";
import { githubSlug } from "../../kit/kitRepository.ts";
import { type Level, RECOMMENDED_TAG } from "../../kit/outcomes.ts";

export interface Clause {
  readonly id: string;
  readonly title: string;
  readonly specFiles: readonly string[];
  /** Whether the clause has a rule at each level: its **Required.** / **Recommended.** line is not `—`. */
  readonly levels: { readonly required: boolean; readonly recommended: boolean };
  /** Each level's rule as the checklist words it, on one line; empty where the level has none. */
  readonly rules: Readonly<Record<Level, string>>;
  /** The heading's anchor in docs/conformance.md, as GitHub renders it: `reg-1--register-only-where-supported`. */
  readonly anchor: string;
}

export interface ListedTest {
  /** Path relative to the repository root, e.g. `specs/registration.spec.ts`. */
  readonly file: string;
  readonly title: string;
  /** Playwright tags, e.g. `@recommended`. */
  readonly tags?: readonly string[];
}

/** Parses `### ID — title` headings, the rule of each level (a `**Required.**` / `**Recommended.**` paragraph) and the `**Specs.**` line under each. */
export function parseChecklist(markdown: string): Clause[] {
  const clauses: Clause[] = [];
  type Parsed = { id: string; title: string; specFiles: string[]; levels: Record<Level, boolean>; rules: Record<Level, string>; anchor: string };
  let current: Parsed | null = null;
  /** The level whose rule the lines being read continue, until the next bold label, heading or blank line. */
  let rule: Level | null = null;
  for (const line of markdown.split("\n")) {
    const heading = new RegExp(`^###\\s+(${CLAUSE_ID_SOURCE})\\s+—\\s+(.+)$`).exec(line);
    if (heading) {
      current = {
        id: heading[1] ?? "",
        title: (heading[2] ?? "").trim(),
        specFiles: [],
        levels: { required: false, recommended: false },
        rules: { required: "", recommended: "" },
        anchor: githubSlug(line.replace(/^###\s+/, "")),
      };
      clauses.push(current);
      rule = null;
      continue;
    }
    const level = /^\*\*(Required|Recommended)\.\*\*\s*(.*)$/.exec(line);
    if (level && current) {
      rule = level[1] === "Required" ? "required" : "recommended";
      const text = (level[2] ?? "").trim();
      current.levels[rule] = !/^—$/.test(text);
      current.rules[rule] = current.levels[rule] ? text : "";
      if (!current.levels[rule]) rule = null;
      continue;
    }
    if (rule && current && line.trim() !== "" && !/^(\*\*|#)/.test(line)) {
      current.rules[rule] = `${current.rules[rule]} ${line.trim()}`.trim();
      continue;
    }
    rule = null;
    const specs = /^\*\*Specs\.\*\*\s+(.*)$/.exec(line);
    if (specs && current) {
      current.specFiles = (specs[1] ?? "")
        .split(",")
        .map((file) => file.trim())
        .filter(Boolean);
    }
  }
  return clauses;
}

/** Every way the checklist and the suite disagree, as sentences; empty when they agree. */
export function traceabilityProblems(clauses: readonly Clause[], tests: readonly ListedTest[]): string[] {
  const problems: string[] = [];
  const known = new Map(clauses.map((clause) => [clause.id, clause]));
  const seen = new Set<string>();
  for (const clause of clauses) {
    if (seen.has(clause.id)) problems.push(`${clause.id} is defined twice in the checklist.`);
    seen.add(clause.id);
    if (clause.specFiles.length === 0) problems.push(`${clause.id} has no **Specs.** line in the checklist.`);
  }
  const filesById = new Map<string, Set<string>>();
  for (const test of tests) {
    for (const id of clauseIdsIn(test.title)) {
      if (!known.has(id)) problems.push(`${test.file}: test "${test.title}" names ${id}, which is not a clause in the checklist.`);
      const files = filesById.get(id) ?? new Set<string>();
      files.add(test.file);
      filesById.set(id, files);
    }
  }
  for (const clause of clauses) {
    const ofClause = tests.filter((test) => clauseIdsIn(test.title).includes(clause.id));
    for (const [level, tagged] of [
      ["required", ofClause.filter((test) => !test.tags?.includes(RECOMMENDED_TAG))],
      ["recommended", ofClause.filter((test) => test.tags?.includes(RECOMMENDED_TAG))],
    ] as const) {
      const line = level === "required" ? "**Required.**" : "**Recommended.**";
      if (clause.levels[level] && ofClause.length > 0 && tagged.length === 0) problems.push(`${clause.id} has a ${line} rule but no ${level} test.`);
      if (!clause.levels[level] && tagged.length > 0) {
        problems.push(`${clause.id}'s ${line} line is — (no rule), but ${tagged.length} test(s) are ${level}, e.g. "${tagged[0]?.title}".`);
      }
    }
    const actual = filesById.get(clause.id) ?? new Set<string>();
    if (actual.size === 0) {
      problems.push(`${clause.id} has no test: no test title carries its id.`);
      continue;
    }
    for (const file of clause.specFiles) {
      if (!actual.has(file)) problems.push(`${clause.id} lists ${file}, but no test there carries its id.`);
    }
    for (const file of actual) {
      if (!clause.specFiles.includes(file)) problems.push(`${clause.id} is tested in ${file}, which its **Specs.** line does not list.`);
    }
  }
  return problems;
}
