import { describe, expect, test } from "vitest";
import type { Level } from "../../kit/outcomes.ts";
import { acceptedGaps } from "./acceptedGaps.ts";
import { verdictMarkdown } from "./verdictMarkdown.ts";
import { clauseVerdicts, exitCodeFor, summarize, type TestOutcome } from "./verdicts.ts";

const clauses = [
  { id: "NAV-6", title: "Offline page" },
  { id: "NAV-5", title: "Network-first with a timeout" },
];
const outcome = (title: string, result: TestOutcome["outcome"], level: Level): TestOutcome => ({ title, file: "specs/x.spec.ts", level, outcome: result });

/** A run where NAV-6 recommended is `nav6` and NAV-5 passes at both levels. */
const run = (nav6: TestOutcome["outcome"]) =>
  clauseVerdicts(clauses, [
    outcome("NAV-6 serves the offline page", nav6, "recommended"),
    outcome("NAV-5 network-first", "passed", "required"),
    outcome("NAV-5 hang", "passed", "recommended"),
  ]);

const accepting = { "NAV-6": { recommended: "fail", reason: "no offline page yet (ticket 12)" } } as const;

describe("accepted gaps", () => {
  test("a failure the profile accepts is reported with its reason and left out of the exit code", () => {
    const verdicts = run("failed");
    const gaps = acceptedGaps(verdicts, accepting);
    const summary = summarize(verdicts, "recommended", gaps);
    expect(summary.failed).toEqual([]);
    expect(exitCodeFor(summary)).toBe(0);
    const markdown = verdictMarkdown("http://app", verdicts, "recommended", gaps);
    expect(markdown).toContain("Conforms at the recommended level, with 1 accepted gap(s) (below).");
    expect(markdown).toContain("| Offline page | — | ❌ fail (accepted) |");
    expect(markdown).toContain("- **NAV-6** (recommended) no offline page yet (ticket 12)");
  });

  test("once the app passes, the accepted gap fails the run and says to remove it", () => {
    const verdicts = run("passed");
    const gaps = acceptedGaps(verdicts, accepting);
    const summary = summarize(verdicts, "recommended", gaps);
    expect(summary.stale.map((gap) => gap.id)).toEqual(["NAV-6"]);
    expect(exitCodeFor(summary)).toBe(1);
    expect(verdictMarkdown("http://app", verdicts, "recommended", gaps)).toContain(
      'NAV-6 recommended was accepted as failing ("no offline page yet (ticket 12)") but is passed: remove it from the profile\'s expect',
    );
  });

  test("an accepted gap never hides an inconclusive run", () => {
    const verdicts = run("inconclusive");
    const summary = summarize(verdicts, "recommended", acceptedGaps(verdicts, accepting));
    expect(summary.stale).toEqual([]);
    expect(exitCodeFor(summary)).toBe(3);
  });

  test("a gap at a level the run does not decide on is reported, not enforced", () => {
    const verdicts = run("passed");
    expect(exitCodeFor(summarize(verdicts, "required", acceptedGaps(verdicts, accepting)))).toBe(0);
  });

  test("a gap named for another clause's failure does not accept it", () => {
    const verdicts = run("failed");
    const gaps = acceptedGaps(verdicts, { "NAV-5": { recommended: "fail", reason: "wrong clause" } });
    const summary = summarize(verdicts, "recommended", gaps);
    expect(summary.failed).toEqual(["NAV-6"]);
    expect(summary.stale.map((gap) => gap.id)).toEqual(["NAV-5"]);
  });
});
