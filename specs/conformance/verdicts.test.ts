import { describe, expect, test } from "vitest";
import { clauseVerdicts, type TestOutcome, verdictMarkdown } from "./verdicts.ts";

const clauses = [
  { id: "REG-1", title: "Register only where supported" },
  { id: "NAV-5", title: "Network-first with a timeout" },
  { id: "ONL-2", title: "Each behaviour can be switched off" },
  { id: "ERR-5", title: "Client-side exception" },
];
const outcome = (title: string, result: TestOutcome["outcome"], detail?: string): TestOutcome => ({
  title,
  file: "specs/x.spec.ts",
  outcome: result,
  ...(detail ? { detail } : {}),
});

describe("clauseVerdicts", () => {
  const verdicts = clauseVerdicts(clauses, [
    outcome("REG-1 registers", "passed"),
    outcome("REG-1 without caches", "not-applicable", "the profile has no x"),
    outcome("NAV-5 refreshes", "passed"),
    outcome("NAV-5 lie-fi", "failed", "expected true"),
    outcome("ONL-2 switch", "not-applicable", "reference only"),
  ]);

  test("passes a clause with a passing test and no failure, even with some not applicable", () => {
    expect(verdicts[0]?.verdict).toBe("passed");
  });

  test("fails a clause when any of its tests failed", () => {
    expect(verdicts[1]?.verdict).toBe("failed");
  });

  test("marks a clause not applicable when all its tests were", () => {
    expect(verdicts[2]?.verdict).toBe("not-applicable");
  });

  test("marks a clause with no tests in the run as not run", () => {
    expect(verdicts[3]?.verdict).toBe("not-run");
  });

  test("renders a row per clause and lists failures and exclusions with their reasons", () => {
    const markdown = verdictMarkdown("http://127.0.0.1:3000", verdicts);
    expect(markdown).toContain("1 passed, 1 failed, 1 not applicable, 1 not run (of 4 clauses).");
    expect(markdown).toContain("| NAV-5 | Network-first with a timeout | ❌ fail | 1 / 1 / 0 |");
    expect(markdown).toContain("- **NAV-5** failed: NAV-5 lie-fi — expected true");
    expect(markdown).toContain("- **ONL-2** not applicable: ONL-2 switch — reference only");
  });
});
