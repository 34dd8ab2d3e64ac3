import { describe, expect, test } from "vitest";
import { clauseIdsIn } from "../../kit/clauseId.ts";
import { parseChecklist, traceabilityProblems } from "./checklist.ts";

const CHECKLIST = `# Checklist
### REG-1 — Register only where supported
**Required.** …
**Recommended.** also Cache Storage,
before registering.
**Why.** not a rule
**Specs.** specs/registration.spec.ts
### NAV-2 — Nothing posted offline
**Required.** …
**Recommended.** —
**Specs.** specs/a.spec.ts, specs/b.spec.ts
`;

describe("parseChecklist", () => {
  test("reads each clause's id, title, anchor, rules and spec files; a rule goes on over its lines, up to the next label", () => {
    expect(parseChecklist(CHECKLIST)).toEqual([
      {
        id: "REG-1",
        title: "Register only where supported",
        specFiles: ["specs/registration.spec.ts"],
        levels: { required: true, recommended: true },
        rules: { required: "…", recommended: "also Cache Storage, before registering." },
        anchor: "reg-1--register-only-where-supported",
      },
      {
        id: "NAV-2",
        title: "Nothing posted offline",
        specFiles: ["specs/a.spec.ts", "specs/b.spec.ts"],
        levels: { required: true, recommended: false },
        rules: { required: "…", recommended: "" },
        anchor: "nav-2--nothing-posted-offline",
      },
    ]);
  });
});

describe("clauseIdsIn", () => {
  test.each([
    ["REG-1 registers when supported", ["REG-1"]],
    ["REG-4 base path › REG-4 does not register on /apple", ["REG-4"]],
    ["NAV-1 and NAV-2 together", ["NAV-1", "NAV-2"]],
    ["XREG-1 is not an id, nor is REG-", []],
  ])("%s", (title, ids) => {
    expect(clauseIdsIn(title)).toEqual(ids);
  });
});

describe("traceabilityProblems", () => {
  const clauses = parseChecklist(CHECKLIST);

  test("names a level whose line and tagged tests disagree", () => {
    const tests = [
      { file: "specs/registration.spec.ts", title: "REG-1 registers" },
      { file: "specs/a.spec.ts", title: "NAV-2 posts nothing" },
      { file: "specs/b.spec.ts", title: "NAV-2 stricter", tags: ["@recommended"] },
    ];
    expect(traceabilityProblems(clauses, tests)).toEqual([
      "REG-1 has a **Recommended.** rule but no recommended test.",
      `NAV-2's **Recommended.** line is — (no rule), but 1 test(s) are recommended, e.g. "NAV-2 stricter".`,
    ]);
  });
  const agreeing = [
    { file: "specs/registration.spec.ts", title: "REG-1 registers" },
    { file: "specs/registration.spec.ts", title: "REG-1 needs caches", tags: ["@recommended"] },
    { file: "specs/a.spec.ts", title: "NAV-2 posts nothing" },
    { file: "specs/b.spec.ts", title: "NAV-2 posts nothing either" },
  ];

  test("is empty when checklist and tests agree", () => {
    expect(traceabilityProblems(clauses, agreeing)).toEqual([]);
  });

  test("reports a clause with no test", () => {
    expect(traceabilityProblems(clauses, agreeing.slice(2))).toEqual(["REG-1 has no test: no test title carries its id."]);
  });

  test("reports a test naming an unknown clause", () => {
    expect(traceabilityProblems(clauses, [...agreeing, { file: "specs/a.spec.ts", title: "NAV-9 does magic" }])).toContain(
      'specs/a.spec.ts: test "NAV-9 does magic" names NAV-9, which is not a clause in the checklist.',
    );
  });

  test("reports a Specs line that lists a file without the id", () => {
    expect(traceabilityProblems(clauses, agreeing.slice(0, 3))).toEqual(["NAV-2 lists specs/b.spec.ts, but no test there carries its id."]);
  });

  test("reports a file carrying the id that the Specs line does not list", () => {
    expect(traceabilityProblems(clauses, [...agreeing, { file: "specs/c.spec.ts", title: "REG-1 again" }])).toEqual([
      "REG-1 is tested in specs/c.spec.ts, which its **Specs.** line does not list.",
    ]);
  });

  test("reports a clause without a Specs line and a clause defined twice", () => {
    const broken = parseChecklist("### REG-1 — A\n### REG-1 — B\n**Specs.** specs/registration.spec.ts\n");
    expect(traceabilityProblems(broken, [agreeing[0] ?? { file: "", title: "" }])).toEqual(
      expect.arrayContaining(["REG-1 has no **Specs.** line in the checklist.", "REG-1 is defined twice in the checklist."]),
    );
  });
});
