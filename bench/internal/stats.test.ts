import { describe, expect, test } from "vitest";
import { bootstrapRatioInterval, median, quantile, summarize } from "./stats.ts";

describe("quantile", () => {
  test("interpolates between the closest ranks", () => {
    expect(quantile([10, 20, 30, 40, 50], 0.1)).toBeCloseTo(14);
    expect(quantile([10, 20, 30, 40, 50], 0.9)).toBeCloseTo(46);
  });

  test("gives the extremes at 0 and 1, whatever the order of the samples", () => {
    expect(quantile([3, 1, 2], 0)).toBe(1);
    expect(quantile([3, 1, 2], 1)).toBe(3);
  });

  test("does not reorder the caller's samples", () => {
    const samples = [3, 1, 2];
    quantile(samples, 0.5);
    expect(samples).toEqual([3, 1, 2]);
  });

  test("refuses no samples and a q outside [0, 1]", () => {
    expect(() => quantile([], 0.5)).toThrow("there are no samples");
    expect(() => quantile([1], 1.5)).toThrow("q is 1.5");
    expect(() => quantile([1], Number.NaN)).toThrow("q is NaN");
  });
});

describe("median", () => {
  test("is the middle sample of an odd count and the mean of the middle two of an even count", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe("summarize", () => {
  test("reports the count, p10, median and p90", () => {
    expect(summarize([7])).toEqual({ n: 1, p10: 7, median: 7, p90: 7 });
    const spread = summarize(Array.from({ length: 11 }, (_, i) => i * 10));
    expect(spread).toEqual({ n: 11, p10: 10, median: 50, p90: 90 });
  });
});

describe("bootstrapRatioInterval", () => {
  const around = (centre: number, spread: number, n = 200) => Array.from({ length: n }, (_, i) => centre + ((i * 7919) % 101) * (spread / 100) - spread / 2);

  test("lies wholly under 1 when ours clearly adds less than the peer", () => {
    const { low, high } = bootstrapRatioInterval({ withWorker: around(8, 1), baseline: around(6, 1) }, { withWorker: around(10, 1), baseline: around(6, 1) });
    expect(high).toBeLessThan(1);
    expect(low).toBeGreaterThan(0.3);
  });

  test("straddles 1 when both add the same within the noise", () => {
    const same = { withWorker: around(9, 4), baseline: around(6, 4) };
    const { low, high } = bootstrapRatioInterval(same, { withWorker: around(9, 4), baseline: around(6, 4) });
    expect(low).toBeLessThan(1);
    expect(high).toBeGreaterThan(1);
  });

  test("gives the same interval for the same samples and seed", () => {
    const ours = { withWorker: around(8, 3), baseline: around(6, 3) };
    const peer = { withWorker: around(9, 3), baseline: around(6, 3) };
    expect(bootstrapRatioInterval(ours, peer)).toEqual(bootstrapRatioInterval(ours, peer));
  });
});
