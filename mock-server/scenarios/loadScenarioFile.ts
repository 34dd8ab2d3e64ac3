/**
 * Reads a scenario file (`--scenario file`). Every problem is reported at once, each with its path
 * in the file (`faults[2].status: must be a whole number from 200 to 599`), so one edit fixes them all.
 */
import { fileReadProblem, parseJsonFileText } from "../../kit/jsonFileText.ts";
import { readSmallFile } from "../../kit/readSmallFile.ts";
import { listIssues } from "../http/validation.ts";
import { Scenario } from "./scenarioSchema.ts";

/** Far above any hand-written scenario (the control API takes 16 kB); refuses a wrong file quickly. */
export const MAX_SCENARIO_FILE_BYTES = 1_000_000;

export class ScenarioFileError extends Error {
  readonly file: string;
  readonly problems: readonly string[];

  constructor(file: string, problems: readonly string[]) {
    const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
    super(`Failed to load scenario file '${file}': ${count}. Fix the file and try again.\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ScenarioFileError";
    this.file = file;
    this.problems = problems;
  }
}

/** Parses and validates a scenario file's text; `file` only names it in messages. */
export function parseScenarioText(text: string, file: string): Scenario {
  const read = parseJsonFileText(text);
  if ("problem" in read)
    throw new ScenarioFileError(file, [
      read.problem === "empty" ? "the file is empty: write a JSON object with at least a name" : `the file is not valid JSON ${read.why}`,
    ]);
  const parsed = Scenario.safeParse(read.json);
  if (!parsed.success) throw new ScenarioFileError(file, listIssues(parsed.error));
  return parsed.data;
}

/** The scenario's text; its kind and size checked first (readSmallFile). */
function readCapped(file: string): string {
  const read = readSmallFile(file, MAX_SCENARIO_FILE_BYTES);
  if ("text" in read) return read.text;
  const why = {
    directory: "it is a directory, not a file",
    "not a regular file": "it is not a regular file (a device, pipe or socket); save the scenario to a file",
    "too large": `it is larger than the ${MAX_SCENARIO_FILE_BYTES} bytes a scenario may have`,
  }[read.problem];
  throw new ScenarioFileError(file, [why]);
}

export function loadScenarioFile(file: string): Scenario {
  let text: string;
  try {
    text = readCapped(file);
  } catch (error) {
    if (error instanceof ScenarioFileError) throw error;
    throw new ScenarioFileError(file, [fileReadProblem(error as NodeJS.ErrnoException)]);
  }
  return parseScenarioText(text, file);
}
