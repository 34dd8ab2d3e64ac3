import { describe, expect, test } from "vitest";
import { outcome } from "../testing/testOutcomes.ts";
import { judgedLevels, notJudgedByClause } from "./judgedLevels.ts";
import { judgedSentence } from "./judgedSentence.ts";
import { clauseVerdicts, levelsUpTo, summarize } from "./verdicts.ts";

const clauses = [
  { id: "REG-1", title: "Register only where supported" },
  { id: "REG-3", title: "Register after load" },
  { id: "NAV-5", title: "Network-first with a timeout" },
  { id: "ERR-3", title: "Unauthorized" },
  { id: "ERR-5", title: "Application error" },
  { id: "ONL-2", title: "Each behaviour can be switched off" },
];

const NO_ERROR_PAGE = "the profile names no application-error page (fallbacks.clientError with its text), so the kit cannot tell it on the page";

const outcomes = [
  outcome("REG-1 registers", "passed"),
  outcome("REG-1 without caches", "failed", "recommended", "expected no register() call"),
  // REG-3 has no recommended rule: its recommended level is no level.
  outcome("REG-3 waits for load", "passed"),
  outcome("NAV-5 slow page renders", "passed"),
  outcome("NAV-5 lie-fi", "inconclusive", "recommended", "the page is stored after an online visit did not hold"),
  outcome("ERR-3 document", "not-applicable", "required", "no sign-in"),
  outcome("ERR-3 link home", "not-applicable", "recommended", "no sign-in"),
  outcome("ERR-5 error view", "not-checked", "required", NO_ERROR_PAGE),
  outcome("ERR-5 digest", "not-checked", "required", NO_ERROR_PAGE),
  outcome("ERR-5 recovers", "not-checked", "recommended", NO_ERROR_PAGE),
  outcome("ONL-2 switch", "not-checked", "recommended", "configuration switches can be driven only on the reference app"),
];
const verdicts = clauseVerdicts(clauses, outcomes);

describe("judgedLevels", () => {
  const judged = judgedLevels(verdicts, levelsUpTo("recommended"));

  test("counts each level that ran: judged when it passed or failed, the rest apart, and no level where the clause has no test", () => {
    expect(judged.levels).toEqual([
      { level: "required", decides: true, ran: 5, judged: 3, notChecked: 1, inconclusive: 0, notApplicable: 1 },
      { level: "recommended", decides: true, ran: 5, judged: 1, notChecked: 2, inconclusive: 1, notApplicable: 1 },
    ]);
  });

  test("lists each level not judged in the checklist's order, with each distinct reason of its tests", () => {
    expect(judged.notJudged).toEqual([
      { id: "NAV-5", level: "recommended", verdict: "inconclusive", reasons: ["the page is stored after an online visit did not hold"] },
      { id: "ERR-3", level: "required", verdict: "not-applicable", reasons: ["no sign-in"] },
      { id: "ERR-3", level: "recommended", verdict: "not-applicable", reasons: ["no sign-in"] },
      { id: "ERR-5", level: "required", verdict: "not-checked", reasons: [NO_ERROR_PAGE] },
      { id: "ERR-5", level: "recommended", verdict: "not-checked", reasons: [NO_ERROR_PAGE] },
      { id: "ONL-2", level: "recommended", verdict: "not-checked", reasons: ["configuration switches can be driven only on the reference app"] },
    ]);
  });

  test("a level's reasons are those of its tests that gave its verdict: a not-applicable test beside a not-checked one is not among them", () => {
    const mixed = clauseVerdicts(clauses, [
      outcome("ERR-3 document", "not-applicable", "required", "no sign-in"),
      outcome("ERR-3 page", "not-checked", "required", "no 401 page"),
    ]);
    expect(judgedLevels(mixed, ["required"]).notJudged).toEqual([{ id: "ERR-3", level: "required", verdict: "not-checked", reasons: ["no 401 page"] }]);
  });

  test("a run with no recommended test counts no recommended level, rather than counting them not checked", () => {
    const requiredOnly = judgedLevels(
      clauseVerdicts(
        clauses,
        outcomes.filter((o) => o.level === "required"),
      ),
      levelsUpTo("required"),
    );
    expect(requiredOnly.levels[1]).toEqual({ level: "recommended", decides: false, ran: 0, judged: 0, notChecked: 0, inconclusive: 0, notApplicable: 0 });
    expect(requiredOnly.notJudged.every((u) => u.level === "required")).toBe(true);
  });

  test("shards' outcomes merged count as the whole run's", () => {
    const [first, second] = [outcomes.filter((_, i) => i % 2 === 0), outcomes.filter((_, i) => i % 2 === 1)];
    expect(judgedLevels(clauseVerdicts(clauses, [...second, ...first]), ["required"])).toEqual(judgedLevels(verdicts, ["required"]));
  });

  test("is what summarize hands every format, at the deciding levels", () => {
    expect(summarize(verdicts, "required").judged).toEqual(judgedLevels(verdicts, ["required"]));
  });
});

describe("notJudgedByClause", () => {
  test("names a clause's levels once where verdict and reasons agree, apart where they differ", () => {
    const two = clauseVerdicts(clauses, [
      outcome("ERR-3 a", "not-applicable", "required", "no sign-in"),
      outcome("ERR-3 b", "not-applicable", "recommended", "no sign-in"),
      outcome("ERR-5 a", "not-checked", "required", "no error page"),
      outcome("ERR-5 b", "not-checked", "recommended", "no input field"),
    ]);
    expect(notJudgedByClause(judgedLevels(two, ["required"]).notJudged).map((u) => [u.id, u.levels, u.reasons])).toEqual([
      ["ERR-3", ["required", "recommended"], ["no sign-in"]],
      ["ERR-5", ["required"], ["no error page"]],
      ["ERR-5", ["recommended"], ["no input field"]],
    ]);
  });
});

describe("judgedSentence", () => {
  test("at the required level: the required levels counted and named, the recommended ones counted as not deciding", () => {
    expect(judgedSentence(judgedLevels(verdicts, levelsUpTo("required")))).toBe(
      "Judged 3 of 4 required levels; 1 not checked: ERR-5 required (the profile names no application-error page (fallbacks.clientError with its text)…); 1 not applicable: ERR-3 required. Recommended levels, which do not decide the exit code: judged 1 of 4, 2 not checked, 1 inconclusive, 1 not applicable.",
    );
  });

  test("at the recommended level both levels decide, and a long list ends in 'and N more'", () => {
    expect(judgedSentence(judgedLevels(verdicts, levelsUpTo("recommended")))).toBe(
      "Judged 4 of 8 levels; 3 not checked: ERR-5 required and recommended (the profile names no application-error page (fallbacks.clientError with its text)…), ONL-2 recommended (configuration switches can be driven only on the reference app); 1 inconclusive: NAV-5 recommended; 2 not applicable: ERR-3 required and recommended.",
    );
    const many = clauseVerdicts(
      clauses,
      clauses.map((c) => outcome(`${c.id} x`, "not-checked", "required", "why")),
    );
    expect(judgedSentence(judgedLevels(many, ["required"]))).toBe(
      "Judged 0 of 6 required levels; 6 not checked: REG-1 required (why), REG-3 required (why), NAV-5 required (why) and 3 more.",
    );
    // A clause's two levels with one reason are named once; "and N more" still counts levels.
    const both = clauseVerdicts(
      clauses,
      clauses.flatMap((c) => [outcome(`${c.id} x`, "not-checked", "required", "why"), outcome(`${c.id} y`, "not-checked", "recommended", "why")]),
    );
    expect(judgedSentence(judgedLevels(both, ["required", "recommended"]))).toBe(
      "Judged 0 of 12 levels; 12 not checked: REG-1 required and recommended (why), REG-3 required and recommended (why), NAV-5 required and recommended (why) and 6 more.",
    );
  });

  test("is one line, however many levels and reasons", () => {
    const long = clauseVerdicts(clauses, [outcome("ERR-5 a", "not-checked", "required", `first line\nsecond line ${"word ".repeat(40)}`)]);
    const line = judgedSentence(judgedLevels(long, ["required"]));
    expect(line).not.toContain("\n");
    // No clause ends within the first 100 characters: cut at a word.
    expect(line).toMatch(/ \(first line second line (word ){14}word…\)\.$/);
  });

  test("says so when no test of a deciding level ran", () => {
    const recommendedOnly = clauseVerdicts(clauses, [outcome("REG-1 without caches", "passed", "recommended")]);
    expect(judgedSentence(judgedLevels(recommendedOnly, ["required"]))).toBe(
      "No required test ran, so no level that decides the exit code was judged. Recommended levels, which do not decide the exit code: judged 1 of 1.",
    );
  });
});
