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

const messageOf = (error: { message?: string } | undefined): string => stripVTControlCharacters(error?.message ?? "").trim();

/** A precondition or wait step: the harness's, whose errors are never a verdict on the app. */
interface HarnessStep {
  readonly kind: "precondition" | "wait";
  readonly step: TestStep;
}

/** A step with an error, and the outermost harness step it lies in (or is). */
interface Errored {
  readonly step: TestStep;
  readonly harness: HarnessStep | null;
}

function harnessStep(step: TestStep): HarnessStep | null {
  if (isStepOf(step, PRECONDITION_PREFIX)) return { kind: "precondition", step };
  if (isStepOf(step, WAIT_PREFIX)) return { kind: "wait", step };
  return null;
}

/** Every step that ended with an error, depth first in the order they ran, with the harness step each lies in. */
function erroredSteps(steps: readonly TestStep[], harness: HarnessStep | null = null): Errored[] {
  return steps.flatMap((step) => {
    const inside = harness ?? harnessStep(step);
    return [...(step.error ? [{ step, harness: inside }] : []), ...erroredSteps(step.steps, inside)];
  });
}

/**
 * The step that decided a failed test: the one whose error is the error the test ended with. An
 * assertion's attempt that a later one made good (an `expect.poll` that passed in the end), or a wait
 * the harness caught, ended nothing, so it never decides. A test that timed out ended with the
 * timeout, not a step's error: the step still running then decides (the last with an error).
 */
export function decidingStep(result: Pick<TestResult, "status" | "steps" | "error" | "errors">): Errored | null {
  const errored = erroredSteps(result.steps);
  if (result.status === "timedOut") return errored.at(-1) ?? null;
  const ended = messageOf(result.errors?.[0] ?? result.error);
  if (ended === "") return null;
  const same = errored.filter(({ step }) => messageOf(step.error) === ended);
  // The same error can be a precondition's and its poll's last attempt, reported after the step: the precondition's.
  return same.find(({ harness }) => harness?.kind === "precondition") ?? same.at(-1) ?? null;
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

/** The detail of a test skipped with no word of why: a defect of the suite, unless its probe failed (conformanceReporter.ts). */
export const SKIPPED_WITHOUT_REASON = "skipped without a reason (a defect of the suite)";

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
    return { ...base, outcome, detail: left?.description ?? SKIPPED_WITHOUT_REASON };
  }
  if (result.status === "passed") return { ...base, outcome: "passed" };

  const trace = result.attachments.find((a) => a.name === "trace")?.path;
  const withTrace = trace ? { trace: relative(reportDir, trace) } : {};
  const marked = annotation(INCONCLUSIVE);
  const decided = decidingStep(result);
  if (decided && decided.harness === null && decided.step.category === "expect" && !marked)
    return { ...base, outcome: "failed", detail: oneLine(decided.step.error?.message), ...withTrace };
  const precondition = decided?.harness?.kind === "precondition" ? decided.harness.step : null;
  const why = marked?.description
    ? marked.description
    : precondition
      ? `${precondition.title.slice(PRECONDITION_PREFIX.length).trim()} did not hold (${oneLine(precondition.error?.message)})`
      : `the suite's own step failed: ${oneLine(result.errors?.[0]?.message ?? result.error?.message ?? result.status)}`;
  return { ...base, outcome: INCONCLUSIVE, detail: why, ...withTrace };
}
