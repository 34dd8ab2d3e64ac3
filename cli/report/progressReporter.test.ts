import type { FullConfig, Suite, TestCase } from "@playwright/test/reporter";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import ProgressReporter from "./progressReporter.ts";

const testCase = (id: string, title: string, tags: string[] = []) => ({ id, title, tags }) as unknown as TestCase;
const TESTS = [
  testCase("1", "NAV-5 serves the cached copy when the network is slower than the timeout or the server hangs"),
  testCase("2", "REG-1 registers when serviceWorker and caches exist"),
  testCase("3", "NAV-5 waits for a slow network when nothing is cached"),
  testCase("4", "floor: opens a page and checks its title"),
];

let lines: string[];
beforeEach(() => {
  lines = [];
  vi.useFakeTimers();
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    lines.push(String(chunk).trimEnd());
    return true;
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function begin(): ProgressReporter {
  const reporter = new ProgressReporter();
  reporter.onBegin({} as FullConfig, { allTests: () => TESTS } as Suite);
  return reporter;
}

test("a line when a clause has ended all its tests, with clauses and tests done of the total", () => {
  const reporter = begin();
  expect(lines).toEqual(["Checking 3 clauses (4 tests); a line as each clause ends, the verdicts in the report at the end."]);
  for (const done of [TESTS[0], TESTS[1]] as TestCase[]) {
    reporter.onTestBegin(done);
    reporter.onTestEnd(done);
  }
  expect(lines.slice(1)).toEqual(["REG-1 done: 1/3 clauses, 2/4 tests, 0 s"]);
  reporter.onTestEnd(TESTS[2] as TestCase);
  reporter.onTestEnd(TESTS[2] as TestCase);
  expect(lines.slice(2)).toEqual(["NAV-5 done: 2/3 clauses, 3/4 tests, 0 s"]);
  reporter.onEnd();
});

test("after 10 s without a line, which clauses are running", () => {
  const reporter = begin();
  reporter.onTestBegin(TESTS[0] as TestCase);
  reporter.onTestBegin(TESTS[1] as TestCase);
  vi.advanceTimersByTime(9_000);
  expect(lines).toHaveLength(1);
  vi.advanceTimersByTime(1_000);
  expect(lines.slice(1)).toEqual(["0/3 clauses, 0/4 tests, 10 s; running NAV-5, REG-1"]);
  reporter.onEnd();
  vi.advanceTimersByTime(30_000);
  expect(lines).toHaveLength(2);
});

test("the probe is a line of its own before the clauses, not a clause", () => {
  const probe = [testCase("p1", "probe: how the app's worker takes control", ["@pck-probe"]), testCase("p2", "probe: navigations", ["@pck-probe"])];
  const reporter = new ProgressReporter();
  reporter.onBegin({} as FullConfig, { allTests: () => [...probe, ...TESTS] } as Suite);
  expect(lines).toEqual([
    "Checking 3 clauses (4 tests), after learning what it needs about the app; a line as each clause ends, the verdicts in the report at the end.",
  ]);
  for (const test of probe) {
    reporter.onTestBegin(test);
    reporter.onTestEnd(test);
  }
  expect(lines.slice(1)).toEqual(["Learned what the kit needs about the app (the report lists it): 0 s"]);
  reporter.onTestEnd(TESTS[1] as TestCase);
  expect(lines.slice(2)).toEqual(["REG-1 done: 1/3 clauses, 1/4 tests, 0 s"]);
  reporter.onEnd();
});
