/**
 * `npm test` step: fails when docs/conformance.md and the suite's test titles disagree
 * (a clause without a test, a test naming an unknown clause, a **Specs.** line that drifted), or when
 * a check of someone else's app would run a test that judges no clause (the kit's own specs of its
 * mock server belong in playwright.config.ts's testIgnore for PCK_TARGET).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseChecklist, traceabilityProblems } from "../cli/report/checklist.ts";
import { listTests } from "../cli/report/listTests.ts";
import { PROBE_TAG } from "../kit/appFacts.ts";
import { clauseIdsIn } from "../kit/clauseId.ts";
import { ENV } from "../kit/env.mjs";
import { KIT_ROOT } from "../kit/kitPaths.ts";

/** The one test a check runs that judges nothing: the floor, what any check costs before its first clause (bench:check). */
const UNJUDGED_IN_A_CHECK = new Set(["floor: opens a page and checks its title"]);

const root = KIT_ROOT;
const checklistPath = join(root, "docs", "conformance.md");
const clauses = parseChecklist(readFileSync(checklistPath, "utf8"));
const tests = listTests(root);
const problems = clauses.length === 0 ? [`${checklistPath} has no clauses (### ID — title headings).`] : traceabilityProblems(clauses, tests);
// Listing only: no server is asked anything at this address.
const inACheck = listTests(root, [], { ...process.env, [ENV.target]: "http://127.0.0.1:9" });
for (const test of inACheck) {
  // The probe's tests judge nothing by design: they learn what the clause tests read (kit/appFacts.ts).
  if (clauseIdsIn(test.title).length === 0 && !UNJUDGED_IN_A_CHECK.has(test.title) && !(test.tags ?? []).includes(PROBE_TAG))
    problems.push(
      `${test.file}: "${test.title}" judges no clause but runs in a check of someone else's app; add its file to testIgnore in playwright.config.ts.`,
    );
}

if (problems.length > 0) {
  process.stderr.write(`Traceability check failed (docs/conformance.md vs specs):\n${problems.map((p) => `  - ${p}`).join("\n")}\n`);
  process.exitCode = 1;
} else {
  const traced = tests.filter((test) => clauseIdsIn(test.title).length > 0).length;
  process.stdout.write(`Traceability: ${clauses.length} clauses, each with tests; ${traced} of ${tests.length} tests carry a clause id.\n`);
}
