/**
 * Pattern matching draws on a budget per request, charged before each test runs: a regex within
 * both caps (`a[ab]{240}[^ab]`) held the server 0.8 s on a 16,000-character path, 30 of them 30 s.
 * The tests count steps, not time.
 */
import { expect, test } from "vitest";
import { MAX_KEPT_BODY_BYTES } from "../http/keptBody.ts";
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
  expect(244 * 18_000).toBeGreaterThan(MAX_REQUEST_MATCH_STEPS);
  expect(() => test("ab".repeat(9_000), new MatchBudget())).toThrow(MatchBudgetExceeded);
  // The same test on a path of ordinary length runs, and costs its instructions times its characters.
  const budget = new MatchBudget(244 * 60);
  expect(test(`/app/${"a".repeat(55)}`, budget)).toBe(false);
  expect(() => budget.charge(1)).toThrow(MatchBudgetExceeded);
});

test("a glob test draws on the budget too, and a glob is at most MAX_GLOB_LENGTH characters", () => {
  const star = `/${"*a".repeat(99)}`;
  expect(() => compileGlob(star)(LONG_PATH, new MatchBudget(10_000))).toThrow(MatchBudgetExceeded);
  expect(globProblem(`/${"a".repeat(MAX_GLOB_LENGTH)}`)).toBe(`must be at most ${MAX_GLOB_LENGTH} characters, got ${MAX_GLOB_LENGTH + 1}`);
  expect(globProblem(`/${"a".repeat(MAX_GLOB_LENGTH - 1)}`)).toBeNull();
});

test("a request the budget cannot afford goes on unmatched, journaled as too costly to match, and counts no fault; an ordinary one still gets its fault", async () => {
  const { origin, mock } = await startMock();
  // Two faults of 244 instructions over a 16,001-character path: twice what one request may cost.
  const fault = mock.faults.add({ path: { regex: `^/x|a[ab]{236}[^ab]` }, representation: "any", status: 503 });
  mock.faults.add({ path: { regex: `^/y|a[ab]{236}[^ab]` }, representation: "any", status: 503 });
  const passed = await fetch(`${origin}/app${LONG_PATH}`);
  expect(passed.status).toBe(404);
  await expect.poll(() => mock.journal.list().entries.at(-1)?.url.startsWith("/app/abab")).toBe(true);
  expect(mock.journal.list().entries.at(-1)).toMatchObject({ status: 404, fault: null, tooCostlyToMatch: true, nearMisses: [] });
  expect(mock.faults.list().map((f) => f.hits)).toEqual([0, 0]);
  expect((await fetch(`${origin}/x`)).status).toBe(503);
  expect(mock.faults.list().find((f) => f.id === fault.id)?.hits).toBe(1);
  expect(mock.journal.list().entries.at(-1)).toMatchObject({ url: "/x", fault: fault.id, tooCostlyToMatch: false });
});

/** A session cookie among others, `length` characters in all: what a real app's requests carry, up to 4 kB. */
function cookieOf(length: number): string {
  const session = `session=${"0123456789abcdef".repeat(2)}`;
  let cookie = session;
  for (let i = 0; cookie.length < length; i++) cookie += `; c${i}=${"v".repeat(60)}`;
  return cookie.slice(0, length);
}

for (const length of [1_800, 4_096]) {
  test(`a GET with a ${length}-character Cookie gets the fault its session cookie matches, not a refusal`, async () => {
    const { origin, mock } = await startMock();
    const fault = mock.faults.add({ path: "/**", headers: { cookie: { pattern: "session=[0-9a-f]{32}" } }, representation: "any", status: 503 });
    const response = await fetch(`${origin}/app/`, { headers: { cookie: cookieOf(length) } });
    expect(response.status).toBe(503);
    expect(mock.faults.list().find((f) => f.id === fault.id)?.hits).toBe(1);
  });
}

/** A JSON array of about 16 kB, the most body matching reads (MAX_KEPT_BODY_BYTES), ending with `last`. */
function outboxBody(last: object): string {
  const items: object[] = [];
  while (items.length * 50 < 16_000) items.push({ op: "replace", path: `/items/${items.length}`, value: "x" });
  const body = JSON.stringify([...items, last]);
  if (body.length > MAX_KEPT_BODY_BYTES || body.length < 15_000) throw new Error(`outboxBody is ${body.length} bytes`);
  return body;
}

test("a 16 kB JSON POST is matched by a body-text fault when it holds the text and passes when it does not, never refused", async () => {
  const { origin, mock } = await startMock();
  const fault = mock.faults.add({ path: "/api/outbox", methods: ["POST"], body: { text: '"op":\\s*"add"' }, representation: "any", status: 503 });
  const post = (last: object) => fetch(`${origin}/api/outbox`, { method: "POST", headers: { "content-type": "application/json" }, body: outboxBody(last) });
  expect((await post({ op: "remove" })).status).toBe(405);
  expect((await post({ op: "add" })).status).toBe(503);
  expect(mock.faults.list().find((f) => f.id === fault.id)?.hits).toBe(1);
  expect(mock.journal.list().entries.map((entry) => entry.tooCostlyToMatch)).toEqual([false, false]);
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
