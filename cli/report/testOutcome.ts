/**
 * What one test's result says about the app. A test fails the app only through one of its own
 * assertions (an `expect` step). Anything else that ends it — a browser call, a route handler, a
 * fixture, a helper's timeout, or an assertion inside a `precondition:` step (another clause's
 * behaviour the test needs) — is the suite's own machinery breaking: inconclusive, with the reason.
 */
import { relative } from "node:path";
import { stripVTControlCharacters } from "node:util";
import type { TestCase, TestResult, TestStep } from "@playwright/test/reporter";
import { INCONCLUSIVE, NOT_APPLICABLE, NOT_CHECKED, type Outcome, PRECONDITION_PREFIX, RECOMMENDED_TAG, SUITE_NOTE, WAIT_PREFIX } from "../../kit/outcomes.ts";
import type { TestOutcome } from "./verdicts.ts";

const isStepOf = (step: TestStep, prefix: string) => step.category === "test.step" && step.title.startsWith(prefix);

/** The failing assertion outside any precondition or wait step, depth first; null when there is none. */
export function failedAssertion(steps: readonly TestStep[]): TestStep | null {
  for (const step of steps) {
    if (isStepOf(step, PRECONDITION_PREFIX) || isStepOf(step, WAIT_PREFIX)) continue;
    if (step.category === "expect" && step.error) return step;
    const inner = failedAssertion(step.steps);
    if (inner) return inner;
  }
  return null;
}

/** The failed precondition step, if any: its title says what the test needed. */
function failedPrecondition(steps: readonly TestStep[]): TestStep | null {
  for (const step of steps) {
    if (isStepOf(step, PRECONDITION_PREFIX) && step.error) return step;
    const inner = failedPrecondition(step.steps);
    if (inner) return inner;
  }
  return null;
}

/**
 * An error message in one line: its first line (the assertion's own message, in the clause's
 * words, or the matcher), then what was expected and what came: the Expected/Received lines, or a
 * deep-equality diff's missing and extra lines.
 */
export function oneLine(message: string | undefined): string {
  const lines = stripVTControlCharacters(message ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  // The call log after the matcher's report says how it waited, not what it found.
  const callLog = lines.findIndex((line) => /^Call log:?$/i.test(line));
  const [first = "", ...rest] = callLog === -1 ? lines : lines.slice(0, callLog);
  const head = first.replace(/^Error: /, "");
  const facts = rest.filter((line) => /^(Expected|Received)( \w+)?:/.test(line)).slice(0, 2);
  // A deep-equality diff: `-` lines were expected and missing, `+` lines came instead.
  const missing = rest.filter((line) => /^- (?!Expected)/.test(line)).map((line) => line.slice(2).trim().replace(/,$/, ""));
  const extra = rest.filter((line) => /^\+ (?!Received)/.test(line)).map((line) => line.slice(2).trim().replace(/,$/, ""));
  const diff = [
    ...(missing.length ? [`expected but missing: ${missing.slice(0, 3).join(" ")}`] : []),
    ...(extra.length ? [`got instead: ${extra.slice(0, 3).join(" ")}`] : []),
  ];
  return [head, ...facts, ...diff].filter(Boolean).join("; ");
}

function sameError(a: TestStep, b: TestStep): boolean {
  const message = (step: TestStep) => stripVTControlCharacters(step.error?.message ?? "").trim();
  return message(a) !== "" && message(a) === message(b);
}

export function testOutcome(test: TestCase, result: TestResult, rootDir: string, reportDir: string): TestOutcome {
  const title = test.titlePath().slice(3).join(" › ");
  const file = relative(rootDir, test.location.file);
  const level = test.tags.includes(RECOMMENDED_TAG) ? "recommended" : "required";
  const annotations = [...test.annotations, ...(result.annotations ?? [])];
  const annotation = (type: string) => annotations.find((a) => a.type === type);
  const notes = annotations.filter((a) => a.type === SUITE_NOTE && a.description).map((a) => a.description as string);
  const base = { title, file, level, ...(notes.length > 0 ? { notes: [...new Set(notes)] } : {}) } as const;

  if (result.status === "skipped") {
    const left = annotation(NOT_CHECKED) ?? annotation(NOT_APPLICABLE);
    const outcome: Outcome = left?.type === NOT_CHECKED ? NOT_CHECKED : NOT_APPLICABLE;
    return { ...base, outcome, detail: left?.description ?? "skipped without a reason (a defect of the suite)" };
  }
  if (result.status === "passed") return { ...base, outcome: "passed" };

  const trace = result.attachments.find((a) => a.name === "trace")?.path;
  const withTrace = trace ? { trace: relative(reportDir, trace) } : {};
  const marked = annotation(INCONCLUSIVE);
  const precondition = failedPrecondition(result.steps);
  // An `expect.poll`'s last attempt can end after the precondition step that ran it has failed, and
  // be reported outside it: the same error is the precondition's, not an assertion of the test's own.
  const assertion = [failedAssertion(result.steps)].find((step) => step && !(precondition && sameError(step, precondition))) ?? null;
  if (assertion && !marked) return { ...base, outcome: "failed", detail: oneLine(assertion.error?.message), ...withTrace };
  const why = marked?.description
    ? marked.description
    : precondition
      ? `${precondition.title.slice(PRECONDITION_PREFIX.length).trim()} did not hold (${oneLine(precondition.error?.message)})`
      : `the suite's own step failed: ${oneLine(result.error?.message ?? result.status)}`;
  return { ...base, outcome: INCONCLUSIVE, detail: why, ...withTrace };
}
