import { describe, expect, test } from "vitest";
import type { ClauseVerdict, TestOutcome, Verdict } from "../../cli/report/verdicts.ts";
import { parseRecordedVerdicts, verdictDrift } from "./recordedVerdicts.ts";

const RECORD = `# An app

| Clause | Required | Recommended | Why |
|---|---|---|---|
| REG-1 | pass | fail | no check for caches |
| REG-2 | **pass** | pass | |
| ONL-2 | — | not checked | no switches the kit can reach |

## Failing tests

- \`REG-1 support › REG-1 without caches\`: registers anyway.

## Notes

- \`not a failing test\`
`;

const failed = (title: string): TestOutcome => ({ title, file: "specs/x.spec.ts", level: "recommended", outcome: "failed" });

const clause = (id: string, required: Verdict, recommended: Verdict, tests: TestOutcome[] = []): ClauseVerdict => ({
  id,
  title: id,
  required,
  recommended,
  tests,
});

describe("parseRecordedVerdicts", () => {
  test("reads each clause row's verdicts at both levels and the failing tests' titles", () => {
    const recorded = parseRecordedVerdicts(RECORD);
    expect([...recorded.verdicts]).toEqual([
      ["REG-1", { required: "passed", recommended: "failed" }],
      ["REG-2", { required: "passed", recommended: "passed" }],
      ["ONL-2", { required: "none", recommended: "not-checked" }],
    ]);
    expect([...recorded.failingTests]).toEqual(["REG-1 support › REG-1 without caches"]);
  });

  test("rejects a verdict word it does not know, naming the record", () => {
    expect(() => parseRecordedVerdicts("| NAV-1 | flaky | pass | |", "docs/x.md")).toThrow(/docs\/x.md: NAV-1 has verdict 'flaky'/);
  });

  test("does not take inconclusive as a recorded verdict", () => {
    expect(() => parseRecordedVerdicts("| NAV-1 | inconclusive | pass | |")).toThrow(/NAV-1 has verdict 'inconclusive'/);
  });
});

describe("verdictDrift", () => {
  const recorded = parseRecordedVerdicts(RECORD);

  test("is empty when the run matches the record", () => {
    const run = [
      clause("REG-1", "passed", "failed", [failed("REG-1 support › REG-1 without caches")]),
      clause("REG-2", "passed", "passed"),
      clause("ONL-2", "none", "not-checked"),
    ];
    expect(verdictDrift(recorded, run)).toEqual([]);
  });

  test("names a changed verdict per level, an unrecorded clause, and failing tests on either side", () => {
    const run = [
      clause("REG-1", "passed", "failed", [failed("REG-1 support › REG-1 other")]),
      clause("REG-2", "failed", "passed"),
      clause("NAV-1", "passed", "none"),
    ];
    expect(verdictDrift(recorded, run)).toEqual([
      "REG-2 required: recorded passed, the run says failed.",
      "NAV-1 has no row in the record; the run says passed (required), none (recommended).",
      "ONL-2 is recorded but is not a clause of docs/conformance.md.",
      "Failed but not recorded as failing: REG-1 support › REG-1 other",
      "Recorded as failing but did not fail: REG-1 support › REG-1 without caches",
    ]);
  });

  test("reports every inconclusive test as drift, whatever the verdicts", () => {
    const inconclusive: TestOutcome = { title: "REG-2 x", file: "f", level: "required", outcome: "inconclusive", detail: "route handler threw" };
    const run = [
      clause("REG-1", "passed", "failed", [failed("REG-1 support › REG-1 without caches")]),
      clause("REG-2", "passed", "passed", [inconclusive]),
      clause("ONL-2", "none", "not-checked"),
    ];
    expect(verdictDrift(recorded, run)).toEqual(["Inconclusive (an error of the run): REG-2 x — route handler threw"]);
  });
});
