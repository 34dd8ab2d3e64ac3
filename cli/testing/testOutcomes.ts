/** Test outcomes as the reporter makes them, for the report's unit tests (verdicts, annotations, SARIF). */
import type { Level } from "../../kit/outcomes.ts";
import type { TestOutcome } from "../report/verdicts.ts";

/** One test's outcome, in a spec file whose name no verdict reads. */
export const outcome = (title: string, result: TestOutcome["outcome"], level: Level = "required", detail?: string): TestOutcome => ({
  title,
  file: "specs/x.spec.ts",
  level,
  outcome: result,
  ...(detail ? { detail } : {}),
});
