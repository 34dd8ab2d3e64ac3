import { describe, expect, test } from "vitest";
import { outcome } from "../testing/testOutcomes.ts";
import { verdictMarkdown } from "./verdictMarkdown.ts";
import { clauseVerdicts, exitCodeFor, suiteNotes, summarize } from "./verdicts.ts";

const clauses = [
  { id: "REG-1", title: "Register only where supported" },
  { id: "NAV-5", title: "Network-first with a timeout" },
  { id: "ONL-2", title: "Each behaviour can be switched off" },
  { id: "ERR-3", title: "Unauthorized" },
  { id: "NAV-6", title: "Offline page" },
];

const verdicts = clauseVerdicts(clauses, [
  outcome("REG-1 registers", "passed"),
  outcome("REG-1 without caches", "failed", "recommended", "expected no register() call"),
  outcome("NAV-5 slow page renders", "passed"),
  outcome("NAV-5 lie-fi", "inconclusive", "recommended", "the page is stored after an online visit did not hold"),
  outcome("NAV-5 hang", "passed", "recommended"),
  outcome("ONL-2 switch", "not-checked", "recommended", "reference only"),
  outcome("ERR-3 document", "not-applicable", "required", "no sign-in"),
  outcome("ERR-3 link home", "not-applicable", "recommended", "no sign-in"),
]);
const byId = (id: string) => verdicts.find((v) => v.id === id);

describe("clauseVerdicts", () => {
  test("judges each level apart: a recommended failure leaves the required level passing", () => {
    expect(byId("REG-1")).toMatchObject({ required: "passed", recommended: "failed" });
  });

  test("an inconclusive test makes its level inconclusive, not failed, even next to a pass", () => {
    expect(byId("NAV-5")).toMatchObject({ required: "passed", recommended: "inconclusive" });
  });

  test("a level without tests has no rule, and one the kit cannot check is not checked", () => {
    expect(byId("ONL-2")).toMatchObject({ required: "none", recommended: "not-checked" });
  });

  test("not applicable only when every test of the level is", () => {
    expect(byId("ERR-3")).toMatchObject({ required: "not-applicable", recommended: "not-applicable" });
    const mixed = clauseVerdicts([{ id: "ERR-3", title: "x" }], [outcome("ERR-3 a", "not-applicable"), outcome("ERR-3 b", "not-checked")]);
    expect(mixed[0]?.required).toBe("not-checked");
  });

  test("a failure outranks an inconclusive test at the same level", () => {
    const both = clauseVerdicts([{ id: "NAV-6", title: "x" }], [outcome("NAV-6 a", "inconclusive"), outcome("NAV-6 b", "failed")]);
    expect(both[0]?.required).toBe("failed");
  });

  test("a clause with no test at all has no rule at either level", () => {
    expect(byId("NAV-6")).toMatchObject({ required: "none", recommended: "none" });
  });
});

describe("summary and exit code", () => {
  test("the required level alone decides by default: 3 when only inconclusive tests stand out", () => {
    const summary = summarize(verdicts, "required");
    expect(summary).toMatchObject({ failed: [], inconclusive: 1, accepted: [], stale: [] });
    expect(exitCodeFor(summary)).toBe(3);
  });

  test("--level recommended fails on a recommended failure", () => {
    const summary = summarize(verdicts, "recommended");
    expect(summary.failed).toEqual(["REG-1"]);
    expect(exitCodeFor(summary)).toBe(1);
  });

  test("0 when nothing failed and nothing was inconclusive", () => {
    expect(exitCodeFor({ failed: [], inconclusive: 0, accepted: [], stale: [] })).toBe(0);
  });
});

describe("verdictMarkdown", () => {
  const markdown = verdictMarkdown("http://127.0.0.1:3000", verdicts, "required");

  test("names the browser the run used, when it is known, under the title", () => {
    const named = verdictMarkdown("http://127.0.0.1:3000", verdicts, "required", [], "the OS Chromium headless shell (/usr/bin/chromium-headless-shell)");
    expect(named.split("\n")[2]).toBe(
      'Browser: the OS Chromium headless shell (/usr/bin/chromium-headless-shell); the tests that needed the full Chromium say so under "How the suite ran".',
    );
    expect(markdown).not.toContain("Browser:");
  });

  test("says the outcome at the deciding level first", () => {
    expect(markdown).toContain("Inconclusive: no clause failed at the required level, but 1 test(s) could not be carried out");
  });

  test("has one row per clause with both levels, its id linking to its heading in the checklist on GitHub", () => {
    expect(markdown).toContain(
      "| [REG-1](https://github.com/pwa-conformance-kit/pwa-conformance-kit/blob/main/docs/conformance.md#reg-1--register-only-where-supported) | Register only where supported | ✅ pass | ❌ fail | 1 / 1 / 0 / 0 / 0 |",
    );
    expect(markdown).toContain(
      "| [ONL-2](https://github.com/pwa-conformance-kit/pwa-conformance-kit/blob/main/docs/conformance.md#onl-2--each-behaviour-can-be-switched-off) | Each behaviour can be switched off | — | ⚪ not checked | 0 / 0 / 0 / 0 / 1 |",
    );
  });

  test("lists failures, inconclusive tests and exclusions apart, each with its level and reason", () => {
    expect(markdown).toMatch(/## Failures\n\n.*\n\n- \*\*REG-1\*\* \(recommended\) REG-1 without caches — expected no register\(\) call/);
    expect(markdown).toMatch(/## Inconclusive\n\n.*errors of the run, not verdicts on the app\.\n\n- \*\*NAV-5\*\* \(recommended\) NAV-5 lie-fi/);
    expect(markdown).toContain("- **ERR-3** required and recommended, not applicable: no sign-in");
  });

  test("says how much was judged under the outcome, and lists each level not judged with its reasons", () => {
    expect(markdown.split("\n").slice(2, 5)).toEqual([
      "Inconclusive: no clause failed at the required level, but 1 test(s) could not be carried out (below).",
      "",
      "Judged 2 of 2 required levels; 1 not applicable: ERR-3 required. Recommended levels, which do not decide the exit code: judged 1 of 3, 1 not checked, 1 inconclusive, 1 not applicable.",
    ]);
    expect(markdown).toMatch(
      /## Levels not judged\n\nA level is judged when it passes or fails\. .*\n\n- \*\*NAV-5\*\* recommended, inconclusive: the page is stored after an online visit did not hold\n- \*\*ONL-2\*\* recommended, not checked: reference only\n- \*\*ERR-3\*\* required and recommended, not applicable: no sign-in\n/,
    );
  });

  test("lists apart only the tests left out whose reason their level's entry does not give", () => {
    const mixed = clauseVerdicts(clauses, [
      outcome("NAV-5 slow page renders", "passed"),
      outcome("NAV-5 hang", "not-checked", "required", "the profile names no slow page"),
      outcome("ONL-2 switch", "not-checked", "recommended", "reference only"),
    ]);
    const md = verdictMarkdown("http://x", mixed, "recommended");
    expect(md).toContain("## Other tests left out\n\nTests not applicable or not checked at a level whose verdict is another");
    expect(md).toContain("- **NAV-5** (required) NAV-5 hang — the profile names no slow page");
    expect(md).not.toContain("(recommended) ONL-2 switch");
    expect(md).toContain("- **ONL-2** recommended, not checked: reference only");
  });
});

describe("suite notes", () => {
  const reloaded = "the suite reloaded once to take control";
  const noted = clauseVerdicts(clauses, [
    { ...outcome("NAV-5 slow page renders", "passed"), notes: [reloaded] },
    { ...outcome("NAV-5 hang", "failed", "recommended"), notes: [reloaded] },
    outcome("REG-1 registers", "passed"),
  ]);

  test("are counted per test and shown apart from the verdicts, in both reports", async () => {
    const { verdictHtml } = await import("./verdictHtml.ts");
    expect(suiteNotes(noted)).toEqual([{ note: reloaded, tests: 2 }]);
    expect(verdictMarkdown("http://x", noted, "required")).toContain(
      `## How the suite ran\n\nNot verdicts: what the suite did beyond a test's own steps.\n\n- 2 test(s): ${reloaded}.`,
    );
    expect(verdictHtml("http://x", noted, "required", "html/index.html")).toContain(`<li>2 test(s): ${reloaded}.</li>`);
  });

  test("leave no section when the suite did nothing beyond the tests", () => {
    expect(verdictMarkdown("http://x", verdicts, "required")).not.toContain("How the suite ran");
  });
});

describe("verdictHtml", () => {
  test("is one page with both levels per clause, escaped, linking to Playwright's report and each clause and rule to the checklist page", async () => {
    const { verdictHtml } = await import("./verdictHtml.ts");
    const html = verdictHtml("http://127.0.0.1:3000/<x>", verdicts, "recommended", "html/index.html");
    expect(html).toContain("<title>Conformance: http://127.0.0.1:3000/&#60;x&#62;</title>");
    expect(html).toContain('<p class="failed">Does not conform at the recommended level: REG-1 failed.</p>');
    expect(html).toContain(
      '<tr><td><a href="checklist.html#reg-1">REG-1</a></td><td>Register only where supported</td><td class="passed"><a href="checklist.html#reg-1-required">✓ pass</a></td><td class="failed"><a href="checklist.html#reg-1-recommended">✗ fail</a></td></tr>',
    );
    expect(html).toContain('<td class="none">—</td>');
    expect(html).toContain(
      '<li><strong>REG-1</strong> <span class="muted">(<a href="checklist.html#reg-1-recommended">recommended</a>)</span> REG-1 without caches',
    );
    expect(html).toContain(
      "<p>Judged 3 of 5 levels; 1 not checked: ONL-2 recommended (reference only); 1 inconclusive: NAV-5 recommended; 2 not applicable: ERR-3 required and recommended.</p>",
    );
    expect(html).toContain(
      '<li><strong>ERR-3</strong> <span class="muted">(<a href="checklist.html#err-3-required">required</a> and <a href="checklist.html#err-3-recommended">recommended</a>)</span> not applicable: no sign-in</li>',
    );
    expect(html).toContain('<a href="html/index.html">Playwright report</a>');
    expect(html).not.toMatch(/<script|<link/);
    // No emoji: where no emoji font is installed they render as empty boxes.
    expect(html).not.toMatch(/\p{Extended_Pictographic}/u);
  });
});
