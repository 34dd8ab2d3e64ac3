/**
 * `npm test` step: fails when docs/conformance.md and the suite's test titles disagree
 * (a clause without a test, a test naming an unknown clause, a **Specs.** line that drifted).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseChecklist, traceabilityProblems } from "../cli/report/checklist.ts";
import { listTests } from "../cli/report/listTests.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const checklistPath = `${root}docs/conformance.md`;
const clauses = parseChecklist(readFileSync(checklistPath, "utf8"));
const tests = listTests(root);
const problems = clauses.length === 0 ? [`${checklistPath} has no clauses (### ID — title headings).`] : traceabilityProblems(clauses, tests);

if (problems.length > 0) {
  process.stderr.write(`Traceability check failed (docs/conformance.md vs specs):\n${problems.map((p) => `  - ${p}`).join("\n")}\n`);
  process.exitCode = 1;
} else {
  const traced = tests.filter((test) => /\b(?:REG|NAV|ONL|ERR)-\d+\b/.test(test.title)).length;
  process.stdout.write(`Traceability: ${clauses.length} clauses, each with tests; ${traced} of ${tests.length} tests carry a clause id.\n`);
}
