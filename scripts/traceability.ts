/**
 * `npm test` step: fails when docs/conformance.md and the suite's test titles disagree
 * (a clause without a test, a test naming an unknown clause, a **Specs.** line that drifted).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseChecklist, traceabilityProblems } from "../cli/report/checklist.ts";
import { listTests } from "../cli/report/listTests.ts";
import { clauseIdsIn } from "../kit/clauseId.ts";
import { KIT_ROOT } from "../kit/kitPaths.ts";

const root = KIT_ROOT;
const checklistPath = join(root, "docs", "conformance.md");
const clauses = parseChecklist(readFileSync(checklistPath, "utf8"));
const tests = listTests(root);
const problems = clauses.length === 0 ? [`${checklistPath} has no clauses (### ID — title headings).`] : traceabilityProblems(clauses, tests);

if (problems.length > 0) {
  process.stderr.write(`Traceability check failed (docs/conformance.md vs specs):\n${problems.map((p) => `  - ${p}`).join("\n")}\n`);
  process.exitCode = 1;
} else {
  const traced = tests.filter((test) => clauseIdsIn(test.title).length > 0).length;
  process.stdout.write(`Traceability: ${clauses.length} clauses, each with tests; ${traced} of ${tests.length} tests carry a clause id.\n`);
}
