import { describe, expect, test } from "vitest";
import { CLAUSE_ID_SOURCE, clauseAnchor, clauseIdsIn, isClauseId } from "./clauseId.ts";

describe("clause ids", () => {
  test.each([
    ["NAV-5", true],
    ["ERR-12", true],
    ["nav-5", false],
    ["NAV-", false],
    ["XYZ-1", false],
    [" NAV-5", false],
  ])("isClauseId(%j) is %s", (text, expected) => {
    expect(isClauseId(text)).toBe(expected);
  });

  test("clauseIdsIn finds each id once, in order, and no id inside a longer word", () => {
    expect(clauseIdsIn("NAV-1 and REG-2 (NAV-1 again), not XNAV-3 or NAV-4x")).toEqual(["NAV-1", "REG-2"]);
  });

  test("the source embeds in a larger pattern", () => {
    expect(new RegExp(`^### (${CLAUSE_ID_SOURCE}) — (.+)$`).exec("### ONL-2 — Reload")?.slice(1)).toEqual(["ONL-2", "Reload"]);
  });

  test("clauseAnchor gives a clause's anchor and each level's, in lower case", () => {
    expect([clauseAnchor("NAV-3"), clauseAnchor("NAV-3", "required"), clauseAnchor("UPD-12", "recommended")]).toEqual([
      "nav-3",
      "nav-3-required",
      "upd-12-recommended",
    ]);
  });
});
