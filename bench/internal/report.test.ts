import { describe, expect, test } from "vitest";
import { goalMet, intervalLine } from "./report.ts";

describe("goalMet", () => {
  test("judges the ratio as printed: a tie at three decimals meets an 'at most' goal", () => {
    expect(goalMet({ name: "tie", ratio: 3.1500000000000004 / 3.15, limit: 1, direction: "at most" })).toBe(true);
    expect(goalMet({ name: "over", ratio: 1.0006, limit: 1, direction: "at most" })).toBe(false);
  });

  test("judges 'at least' goals the same way", () => {
    expect(goalMet({ name: "just under", ratio: 0.8999999999, limit: 0.9, direction: "at least" })).toBe(true);
    expect(goalMet({ name: "under", ratio: 0.8994, limit: 0.9, direction: "at least" })).toBe(false);
  });
});

describe("intervalLine", () => {
  test("says whether the interval lies under 1, over 1 or across it", () => {
    expect(intervalLine("x", { low: 0.8, high: 0.95 })).toContain("under 1");
    expect(intervalLine("x", { low: 1.02, high: 1.3 })).toContain("over 1");
    expect(intervalLine("x", { low: 0.9, high: 1.1 })).toBe(
      "x, 90% bootstrap interval: 0.900–1.100 (straddles 1: the two differ by less than this run can tell)",
    );
  });
});
