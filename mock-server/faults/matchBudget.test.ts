/**
 * Pattern matching draws on a budget per request, charged before each test runs: a regex within
 * both caps (`a[ab]{240}[^ab]`) held the server 0.8 s on a 16,000-character path, 30 of them 30 s.
 * The tests count steps, not time.
 */
import { expect, test } from "vitest";
import { startMock } from "../testing/startMock.ts";
import { compileRegex } from "./linearRegex.ts";
import { MAX_REQUEST_MATCH_STEPS, MatchBudget, MatchBudgetExceeded } from "./matchBudget.ts";
import { compileGlob, globProblem, MAX_GLOB_LENGTH } from "./pathGlob.ts";

const ADVERSARIAL = "a[ab]{240}[^ab]";
const LONG_PATH = `/${"ab".repeat(8_000)}`;

function mustCompile(source: string) {
  const compiled = compileRegex(source);
  if (!("test" in compiled)) throw new Error(compiled.problem);
  return compiled.test;
}

test("a budget gives what it has and refuses, taking nothing, what it has not", () => {
  const budget = new MatchBudget(10);
  budget.charge(6);
  expect(() => budget.charge(5)).toThrow(MatchBudgetExceeded);
  expect(() => budget.charge(4)).not.toThrow();
});

test("a regex test is refused before it runs when the pattern times the text is more than the request's budget", () => {
  const test = mustCompile(ADVERSARIAL);
  expect(() => test(LONG_PATH, new MatchBudget())).toThrow(MatchBudgetExceeded);
  // The same test on a path of ordinary length runs, and costs its instructions times its characters.
  const budget = new MatchBudget(244 * 60);
  expect(test(`/app/${"a".repeat(55)}`, budget)).toBe(false);
  expect(() => budget.charge(1)).toThrow(MatchBudgetExceeded);
});

test("a glob test draws on the budget too, and a glob is at most MAX_GLOB_LENGTH characters", () => {
  const star = `/${"*a".repeat(99)}`;
  expect(() => compileGlob(star)(LONG_PATH, new MatchBudget())).toThrow(MatchBudgetExceeded);
  expect(globProblem(`/${"a".repeat(MAX_GLOB_LENGTH)}`)).toBe(`must be at most ${MAX_GLOB_LENGTH} characters, got ${MAX_GLOB_LENGTH + 1}`);
  expect(globProblem(`/${"a".repeat(MAX_GLOB_LENGTH - 1)}`)).toBeNull();
});

test("a request too costly to match gets a 414 that says why and counts no fault; an ordinary one still gets its fault", async () => {
  const { origin, mock } = await startMock();
  const fault = mock.faults.add({ path: { regex: `^/x|a[ab]{236}[^ab]` }, representation: "any", status: 503 });
  const refused = await fetch(`${origin}/app${LONG_PATH}`);
  expect(refused.status).toBe(414);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(`${MAX_REQUEST_MATCH_STEPS} steps`);
  expect(mock.faults.list()[0]?.hits).toBe(0);
  expect((await fetch(`${origin}/x`)).status).toBe(503);
  expect(mock.faults.list().find((f) => f.id === fault.id)?.hits).toBe(1);
});

test("a glob longer than MAX_GLOB_LENGTH is refused with a 400 naming the rule, and no fault is added", async () => {
  const { origin, mock } = await startMock();
  const response = await fetch(`${origin}/__mock/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ path: `/app/${"*a".repeat(100)}`, status: 500 }),
  });
  expect(response.status).toBe(400);
  expect(await response.text()).toContain(`must be at most ${MAX_GLOB_LENGTH} characters`);
  expect(mock.faults.size).toBe(0);
});
