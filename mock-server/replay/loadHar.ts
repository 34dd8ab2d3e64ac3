/**
 * A HAR to replay, from a file (`--replay`, a scenario's `replay`) or from a control request's
 * parsed body (`POST /__mock/replay`): checked against harInput.ts, then indexed. Every problem is a
 * HarError naming the HAR and the field, and nothing is loaded.
 */
import { fileReadProblem, parseJsonFileText } from "../../kit/jsonFileText.ts";
import { readSmallFile } from "../../kit/readSmallFile.ts";
import { listIssues } from "../http/validation.ts";
import { HarInput, MAX_HAR_BYTES } from "./harInput.ts";
import { indexHar, type ReplayIndex } from "./replayIndex.ts";

/** A HAR of thousands of entries with one mistake repeated would print thousands of lines. */
const MAX_LISTED_PROBLEMS = 10;

export class HarError extends Error {
  readonly problems: readonly string[];

  constructor(name: string, problems: readonly string[]) {
    const listed = problems.slice(0, MAX_LISTED_PROBLEMS);
    const more = problems.length > listed.length ? [`… and ${problems.length - listed.length} more`] : [];
    const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
    super(
      `Failed to load the HAR '${name}': ${count}. Give a HAR 1.2 file, e.g. one --record wrote or a browser exported with content.\n${[...listed, ...more].map((p) => `  - ${p}`).join("\n")}`,
    );
    this.name = "HarError";
    this.problems = problems;
  }
}

export interface LoadedHar {
  /** The file's path as given, or the name a control request gave. */
  readonly name: string;
  readonly index: ReplayIndex;
}

/** A parsed JSON value as a HAR to replay. */
export function harFromJson(json: unknown, name: string): LoadedHar {
  const parsed = HarInput.safeParse(json);
  if (!parsed.success) throw new HarError(name, listIssues(parsed.error));
  return { name, index: indexHar(parsed.data) };
}

export function parseHarText(text: string, name: string): LoadedHar {
  const read = parseJsonFileText(text);
  if ("problem" in read) throw new HarError(name, [read.problem === "empty" ? "the file is empty" : `it is not valid JSON ${read.why}`]);
  return harFromJson(read.json, name);
}

/** `name` is how messages and `GET /__mock/replay` call it; the file as given by default. */
export function loadHarFile(file: string, name = file): LoadedHar {
  let read: ReturnType<typeof readSmallFile>;
  try {
    read = readSmallFile(file, MAX_HAR_BYTES);
  } catch (error) {
    throw new HarError(name, [fileReadProblem(error as NodeJS.ErrnoException)]);
  }
  if ("problem" in read) {
    const why = {
      directory: "it is a directory, not a file",
      "not a regular file": "it is not a regular file (a device, pipe or socket)",
      "too large": `it is larger than the ${MAX_HAR_BYTES} bytes a HAR to replay may have: keep the entries of the pages you replay`,
    }[read.problem];
    throw new HarError(name, [why]);
  }
  return parseHarText(read.text, name);
}
