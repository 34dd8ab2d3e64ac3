import type { TestCase, TestResult, TestStep } from "@playwright/test/reporter";
import { describe, expect, test } from "vitest";
import { SUITE_NOTE } from "../../kit/outcomes.ts";
import { oneLine, testOutcome } from "./testOutcome.ts";

const step = (category: string, title: string, error?: string, steps: TestStep[] = []): TestStep =>
  ({ category, title, steps, ...(error ? { error: { message: error } } : {}) }) as unknown as TestStep;

const testCase = (tags: string[] = [], annotations: { type: string; description?: string }[] = []): TestCase =>
  ({
    titlePath: () => ["", "chromium", "specs/x.spec.ts", "NAV-4 offline", "NAV-4 serves a cached page"],
    location: { file: "/repo/specs/x.spec.ts", line: 1, column: 1 },
    tags,
    annotations,
  }) as unknown as TestCase;

const result = (status: TestResult["status"], steps: TestStep[], error?: string, annotations: { type: string; description?: string }[] = []): TestResult =>
  ({
    status,
    steps,
    attachments: [],
    annotations,
    errors: error ? [{ message: error }] : [],
    ...(error ? { error: { message: error } } : {}),
  }) as unknown as TestResult;

const outcomeOf = (c: TestCase, r: TestResult) => testOutcome(c, r, "/repo", "/repo/test-results/conformance");

describe("testOutcome", () => {
  test("a failed assertion is a failure of the app, in the assertion's words", () => {
    const message = "Error: offline navigation to a cached page: no response\n\nExpected: true";
    const r = result("failed", [step("pw:api", "Navigate"), step("expect", 'Expect "toBe"', message)], message);
    expect(outcomeOf(testCase(), r)).toMatchObject({
      outcome: "failed",
      level: "required",
      detail: "offline navigation to a cached page: no response; Expected: true",
    });
  });

  test("an error outside any assertion (a browser call, a route handler) is inconclusive", () => {
    const r = result(
      "failed",
      [step("pw:api", "Fetch", "Error: apiResponse.text: Response has been disposed")],
      "Error: apiResponse.text: Response has been disposed",
    );
    expect(outcomeOf(testCase(), r)).toMatchObject({
      outcome: "inconclusive",
      detail: "the suite's own step failed: apiResponse.text: Response has been disposed",
    });
  });

  test("an assertion inside a failed precondition makes the test inconclusive, naming the precondition", () => {
    const message = "Error: expect(received).toContain(expected)";
    const inner = step("expect", 'Expect "poll toContain"', message);
    const r = result("failed", [step("test.step", "precondition: the page is stored (NAV-3)", message, [inner])], message);
    expect(outcomeOf(testCase(), r)).toMatchObject({
      outcome: "inconclusive",
      detail: "the page is stored (NAV-3) did not hold (expect(received).toContain(expected))",
    });
  });

  test("a poll's last attempt reported after its failed precondition step is the precondition's, not a failure", () => {
    const message = 'Error: expect(received).toContain(expected)\n\nExpected value: "/a"';
    const r = result(
      "failed",
      [step("test.step", "precondition: the page is stored (NAV-3)", message), step("expect", 'Expect "poll toContain"', message)],
      message,
    );
    expect(outcomeOf(testCase(), r)).toMatchObject({ outcome: "inconclusive" });
  });

  test("a wait step's timeout is an observation: the test's own assertion after it decides", () => {
    const waited = step("test.step", "wait: the page is stored under its URL", "Error: timed out", [step("expect", 'Expect "poll"', "Error: timed out")]);
    const r = result("failed", [waited, step("expect", 'Expect "toBe"', "Error: served offline\n\nExpected: true")], "Error: served offline\n\nExpected: true");
    expect(outcomeOf(testCase(), r)).toMatchObject({ outcome: "failed", detail: "served offline; Expected: true" });
  });

  test("a precondition failing inside a fixture is inconclusive too", () => {
    const message = "TimeoutError: Timed out after 15000 ms waiting for an activated service worker to control the page.";
    const fixture = step("fixture", "controlledPage", undefined, [step("test.step", "precondition: a service worker controls /app/ (REG-2)", message)]);
    expect(outcomeOf(testCase(), result("failed", [fixture], message))).toMatchObject({
      outcome: "inconclusive",
      detail:
        "a service worker controls /app/ (REG-2) did not hold (TimeoutError: Timed out after 15000 ms waiting for an activated service worker to control the page.)",
    });
  });

  test("a poll's attempt that failed before the poll passed never decides: a harness error after it makes the test inconclusive", () => {
    // As seen on a public Serwist example: a poll's early attempt, then `page.reload` failing in set-up.
    const poll = step("expect", 'Expect "poll not toBe"', undefined, [
      step("expect", 'Expect "not toBe"', 'Error: expect(received).not.toBe(expected)\n\nExpected: not "waiting"'),
    ]);
    const reload = step("pw:api", "Reload", "Error: page.reload: net::ERR_FAILED");
    const r = result("failed", [poll, reload], "Error: page.reload: net::ERR_FAILED");
    expect(outcomeOf(testCase(), r)).toMatchObject({ outcome: "inconclusive", detail: "the suite's own step failed: page.reload: net::ERR_FAILED" });
  });

  test("the assertion the test ended with decides, not an earlier one the test caught and went on from", () => {
    const caught = step("expect", 'Expect "poll toBe"', "Error: expect(received).toBe(expected)\n\nExpected: true\nReceived: false");
    const final = 'Error: Cache Storage holds /app/a after the app\'s own navigation\n\nExpected value: "/app/a"';
    const r = result("failed", [caught, step("pw:api", "Evaluate"), step("expect", 'Expect "toContain"', final)], final);
    expect(outcomeOf(testCase(), r)).toMatchObject({
      outcome: "failed",
      detail: 'Cache Storage holds /app/a after the app\'s own navigation; Expected value: "/app/a"',
    });
  });

  test("a test that timed out in a browser call is inconclusive; one that timed out in an assertion failed", () => {
    expect(outcomeOf(testCase(), result("timedOut", [step("pw:api", "Wait for function", "Error: Test timeout of 30000ms exceeded.")])).outcome).toBe(
      "inconclusive",
    );
    expect(
      outcomeOf(testCase(), result("timedOut", [step("expect", 'Expect "toHaveText"', "Error: expect(locator).toHaveText(expected) failed")])).outcome,
    ).toBe("failed");
  });

  test("a skipped test is not checked or not applicable, as its annotation says, with the reason", () => {
    expect(outcomeOf(testCase([], [{ type: "not-checked", description: "reference only" }]), result("skipped", []))).toMatchObject({
      outcome: "not-checked",
      detail: "reference only",
    });
    expect(outcomeOf(testCase([], [{ type: "not-applicable", description: "no sign-in" }]), result("skipped", []))).toMatchObject({
      outcome: "not-applicable",
    });
  });

  test("the @recommended tag puts a test at the recommended level", () => {
    expect(outcomeOf(testCase(["@recommended"]), result("passed", []))).toMatchObject({
      outcome: "passed",
      level: "recommended",
      title: "NAV-4 offline › NAV-4 serves a cached page",
      file: "specs/x.spec.ts",
    });
  });

  test("the suite's notes on a test (it reloaded to take control, say) come with its outcome, each once", () => {
    const note = { type: SUITE_NOTE, description: "the suite reloaded once" };
    expect(outcomeOf(testCase([], [note]), result("passed", [], undefined, [note]))).toMatchObject({ outcome: "passed", notes: ["the suite reloaded once"] });
    expect(outcomeOf(testCase(), result("passed", []))).not.toHaveProperty("notes");
  });
});

describe("oneLine", () => {
  test("keeps what a poll expected and received, and leaves out its call log", () => {
    const message = [
      "Error: Cache Storage holds the landing page /app/sightings/",
      "",
      "expect(received).toContain(expected) // indexOf",
      "",
      'Expected value: "http://x/app/sightings/"',
      'Received array: ["http://x/app/"]',
      "",
      "Call Log:",
      "- Timeout 5000ms exceeded while waiting on the predicate",
    ].join("\n");
    expect(oneLine(message)).toBe(
      'Cache Storage holds the landing page /app/sightings/; Expected value: "http://x/app/sightings/"; Received array: ["http://x/app/"]',
    );
  });

  test("turns a deep-equality diff into what was missing and what came instead, after the assertion's own words", () => {
    const message = [
      "Error: URLs posted to the worker",
      "",
      "expect(received).toEqual(expected) // deep equality",
      "",
      "- Expected  - 3",
      "+ Received  + 1",
      "",
      "- Array [",
      '-   "http://127.0.0.1:1/app/pages/3?tab=a#part",',
      "- ]",
      "+ Array []",
    ].join("\n");
    expect(oneLine(message)).toBe(
      'URLs posted to the worker; expected but missing: Array [ "http://127.0.0.1:1/app/pages/3?tab=a#part" ]; got instead: Array []',
    );
  });

  test("keeps a matcher's first line with its Expected and Received lines, without colours", () => {
    expect(oneLine("Error: \u001b[2mexpect(\u001b[22mreceived).toBe(expected)\n\nExpected: \u001b[32mtrue\u001b[39m\nReceived: false\n\n  at x")).toBe(
      "expect(received).toBe(expected); Expected: true; Received: false",
    );
  });
});
