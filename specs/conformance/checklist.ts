/**
 * Reads the conformance checklist (docs/conformance.md) and relates it to test titles: every clause
 * needs a test whose title carries its id, every id in a title must be a clause, and a clause's
 * **Specs.** line must name exactly the files whose tests carry its id.
 */

export const CLAUSE_ID = /\b(?:REG|NAV|ONL|ERR)-\d+\b/g;

export interface Clause {
  readonly id: string;
  readonly title: string;
  readonly specFiles: readonly string[];
}

export interface ListedTest {
  /** Path relative to the repository root, e.g. `specs/registration.spec.ts`. */
  readonly file: string;
  readonly title: string;
}

/** The clause ids a test title carries (`REG-1 registers …` → `['REG-1']`). */
export function clauseIdsIn(title: string): string[] {
  return [...new Set(title.match(CLAUSE_ID) ?? [])];
}

/** Parses `### ID — title` headings and the `**Specs.**` line under each. */
export function parseChecklist(markdown: string): Clause[] {
  const clauses: Clause[] = [];
  let current: { id: string; title: string; specFiles: string[] } | null = null;
  for (const line of markdown.split("\n")) {
    const heading = /^###\s+((?:REG|NAV|ONL|ERR)-\d+)\s+—\s+(.+)$/.exec(line);
    if (heading) {
      current = { id: heading[1] ?? "", title: (heading[2] ?? "").trim(), specFiles: [] };
      clauses.push(current);
      continue;
    }
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
