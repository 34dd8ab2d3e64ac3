import { expect, test } from "vitest";
import { engineCell, engineColumn, gatedOutcome } from "./engineColumns.ts";
import type { TestOutcome, Verdict } from "./verdicts.ts";

const clauses = [
  { id: "REG-1", title: "Register only where supported" },
  { id: "NAV-1", title: "Each navigation is stored" },
  { id: "INS-1", title: "A manifest Chromium can read" },
];
const outcome = (title: string, level: TestOutcome["level"], result: TestOutcome["outcome"]): TestOutcome => ({
  title,
  file: "specs/engines/x.spec.ts",
  level,
  outcome: result,
});
const labels = { passed: "pass", failed: "fail", inconclusive: "inconclusive", "not-applicable": "n/a", "not-checked": "not checked", none: "—" };

test("a clause with tests shows both levels; one without says why: not yet, or Chromium only by design", () => {
  const column = engineColumn(
    "webkit",
    clauses,
    [outcome("REG-1 registers", "required", "passed"), outcome("REG-1 without caches", "recommended", "not-checked")],
    [],
    false,
  );
  const chromium = (id: string, required: Verdict = "passed", recommended: Verdict = "passed") => ({ id, title: id, required, recommended, tests: [] });
  expect(engineCell(column, chromium("REG-1"), labels)).toBe("pass · not checked");
  expect(engineCell(column, chromium("NAV-1"), labels)).toBe("not yet");
  expect(engineCell(column, chromium("INS-1"), labels)).toBe("Chromium only");
  expect(column.heading).toBe("WebKit");
});

test("the heading is the build's name and version; shards that ran two builds show both", () => {
  const builds = ["Firefox 153.8.0 (/usr/bin/firefox-esr, BiDi)", "Firefox 153.8.0 (/usr/bin/firefox-esr, BiDi)", "Firefox 154.0 (/opt/firefox, BiDi)"];
  const column = engineColumn("firefox", clauses, [], builds, false);
  expect(column.heading).toBe("Firefox 153.8.0 / Firefox 154.0");
  expect(column.build).toBe("Firefox 153.8.0 (/usr/bin/firefox-esr, BiDi); Firefox 154.0 (/opt/firefox, BiDi)");
});

test("only a gated column's failures at the deciding levels count, and an accepted gap is accepted in every engine", () => {
  const failing = [
    outcome("REG-1 registers", "required", "failed"),
    outcome("NAV-1 stores", "recommended", "failed"),
    outcome("NAV-1 posts", "required", "inconclusive"),
  ];
  const advisory = engineColumn("webkit", clauses, failing, [], false);
  const gated = engineColumn("firefox", clauses, failing, [], true);
  expect(gatedOutcome([advisory, gated], "required", [])).toEqual({ failed: ["REG-1 in Firefox"], inconclusive: 1 });
  expect(gatedOutcome([gated], "recommended", []).failed).toEqual(["REG-1 in Firefox", "NAV-1 in Firefox"]);
  const accepted = [{ id: "REG-1", level: "required" as const, reason: "later", verdict: "failed" as const, status: "accepted" as const }];
  expect(gatedOutcome([gated], "required", accepted).failed).toEqual([]);
});

test("a level with a rule in Chromium and no test in the engine says why; a level with no rule is a dash", () => {
  const column = engineColumn(
    "firefox",
    [
      { id: "REG-2", title: "Root scope" },
      { id: "NAV-7", title: "Landing" },
    ],
    [outcome("REG-2 registers at the root", "required", "passed"), outcome("NAV-7 stores the landing page", "required", "failed")],
    [],
    false,
  );
  expect(engineCell(column, { id: "REG-2", title: "", required: "passed", recommended: "passed", tests: [] }, labels)).toBe("pass · Chromium only");
  expect(engineCell(column, { id: "NAV-7", title: "", required: "passed", recommended: "failed", tests: [] }, labels)).toBe("fail · not yet");
  expect(engineCell(column, { id: "NAV-7", title: "", required: "passed", recommended: "none", tests: [] }, labels)).toBe("fail · —");
});
