import { expect, test } from "vitest";
import { MAX_SEED, seededRandom } from "./seededRandom.ts";

const draws = (seed: number, count: number) => Array.from({ length: count }, seededRandom(seed));

test("the same seed gives the same draws", () => {
  expect(draws(42, 20)).toEqual(draws(42, 20));
});

test("different seeds give different draws", () => {
  expect(draws(42, 5)).not.toEqual(draws(43, 5));
});

test("draws lie in [0, 1) and spread over it, for the smallest and largest seeds too", () => {
  for (const seed of [0, 1, MAX_SEED]) {
    const values = draws(seed, 1_000);
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true);
    // 1,000 uniform draws: each tenth of [0, 1) gets about 100; fewer than 50 would be a broken generator.
    for (let tenth = 0; tenth < 10; tenth++) expect(values.filter((value) => Math.floor(value * 10) === tenth).length).toBeGreaterThan(50);
  }
});
