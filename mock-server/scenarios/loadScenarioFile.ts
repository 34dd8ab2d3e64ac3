/**
 * Reads a scenario file (`--scenario file`). Every problem is reported at once, each with its path
 * in the file (`faults[2].status: must be a whole number from 200 to 599`), so one edit fixes them all.
 */
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

/** "at line 3, column 7" from V8's "… at position 42"; empty when the message has no position. */
function jsonErrorPlace(text: string, message: string): string {
  const position = /at position (\d+)/.exec(message)?.[1];
  if (position === undefined) return "";
  const before = text.slice(0, Number(position));
  const line = before.split("\n").length;
  const column = Number(position) - before.lastIndexOf("\n");
  return ` at line ${line}, column ${column}`;
}

/** Parses and validates a scenario file's text; `file` only names it in messages. */
export function parseScenarioText(text: string, file: string): Scenario {
  const source = text.replace(/^\uFEFF/, "");
  if (source.trim() === "") throw new ScenarioFileError(file, ["the file is empty: write a JSON object with at least a name"]);
  let json: unknown;
  try {
    json = JSON.parse(source);
  } catch (error) {
    const message = (error as Error).message;
    throw new ScenarioFileError(file, [`the file is not valid JSON${jsonErrorPlace(source, message)} (${message})`]);
  }
  const parsed = Scenario.safeParse(json);
  if (!parsed.success) throw new ScenarioFileError(file, listIssues(parsed.error));
  return parsed.data;
}

function readProblem(error: NodeJS.ErrnoException): string {
  if (error.code === "ENOENT") return `there is no such file (paths are relative to ${process.cwd()})`;
  if (error.code === "EACCES") return "this user may not read it";
  return `it cannot be read (${error.message})`;
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
    throw new ScenarioFileError(file, [readProblem(error as NodeJS.ErrnoException)]);
  }
  return parseScenarioText(text, file);
}
