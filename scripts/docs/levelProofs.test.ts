/**
 * docs/conformance.md's "Proof at every level" table says, for every clause and level, which
 * by-hand records pass and fail it and which deviants the self-check fails on it: this keeps it to
 * what the records, deviants.ts and the suite's tags say, and its list of levels nothing fails yet
 * to the levels that really have none.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { parseChecklist } from "../../cli/report/checklist.ts";
import { listTests } from "../../cli/report/listTests.ts";
import { clauseIdsIn } from "../../kit/clauseId.ts";
import { KIT_ROOT, kitPath } from "../../kit/kitPaths.ts";
import { RECOMMENDED_TAG } from "../../kit/outcomes.ts";
import { caughtIn, DEVIANTS } from "../deviantWorker/deviants.ts";
import { stackVerdicts } from "../exampleApps/stackRecords.ts";
import { levelProofRows, levelProofs, unprovedFailures } from "./levelProofs.ts";
import { section, tableRows } from "./markdown.ts";

const HEADING = "## Proof at every level";
const GAPS_HEADING = "### Levels nothing fails yet";

test("the table names, for every clause and level, the records and deviants that pass and fail it", { timeout: 60_000 }, () => {
  const checklist = readFileSync(kitPath("docs", "conformance.md"), "utf8");
  const levelOfTest = new Map(
    listTests(KIT_ROOT).map((t) => [t.title.split(" › ").at(-1) ?? t.title, t.tags?.includes(RECOMMENDED_TAG) ? "recommended" : "required"] as const),
  );
  // Chromium's proofs: a deviant only another engine meets is in docs/engines.md's table instead.
  const deviants = DEVIANTS.map((deviant) => ({
    name: deviant.name,
    caught: caughtIn(deviant, "chromium").map((title) => {
      const level = levelOfTest.get(title);
      if (!level) throw new Error(`deviant "${deviant.name}" names a test the suite does not list: ${title}`);
      return { clause: clauseIdsIn(title)[0] ?? "", level };
    }),
  }));
  const records = stackVerdicts(KIT_ROOT).map((stack) => ({ file: stack.record.replace(/^docs\//, ""), verdicts: stack.verdicts }));
  const proofs = levelProofs(parseChecklist(checklist), records, deviants);

  const proof = section(checklist, HEADING);
  expect(tableRows(proof.split(GAPS_HEADING)[0] ?? "")).toEqual(levelProofRows(proofs));
  // Each item starts with the levels it is about, in bold: `- **ERR-2 required**, **ERR-3 required** — why`.
  const listed = section(checklist, GAPS_HEADING)
    .split("\n")
    .filter((line) => line.startsWith("- "))
    .flatMap((line) => [...(line.split(" — ")[0] ?? "").matchAll(/\*\*([A-Z]+-\d+ (?:required|recommended))\*\*/g)].map((m) => m[1]));
  expect(listed).toEqual(unprovedFailures(proofs));
});
