import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { loadScenarioFile, MAX_SCENARIO_FILE_BYTES, parseScenarioText, ScenarioFileError } from "./loadScenarioFile.ts";

const dir = mkdtempSync(join(tmpdir(), "pck-scenario-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writeScenario(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

/** The ScenarioFileError `action` throws. */
function failureOf(action: () => unknown): ScenarioFileError {
  try {
    action();
  } catch (error) {
    if (error instanceof ScenarioFileError) return error;
    throw error;
  }
  throw new Error("expected a ScenarioFileError, and the scenario loaded");
}

test("loads a valid file with defaults filled in", () => {
  const file = writeScenario("ok.json", JSON.stringify({ name: "slow", faults: [{ path: "/app/**", delayMs: 10 }] }));
  expect(loadScenarioFile(file)).toEqual({ name: "slow", config: {}, faults: [{ path: "/app/**", delayMs: 10, representation: "any" }], deploys: {} });
});

test("reports every problem with its path in the file", () => {
  const scenario = {
    name: "bad",
    config: { networkTimeoutMs: -1, colour: "red" },
    faults: [
      { path: "/a", status: 404 },
      { path: "a", drop: true },
      { path: "/c", status: 600 },
    ],
  };
  const error = failureOf(() => parseScenarioText(JSON.stringify(scenario), "bad.json"));
  expect(error.problems).toEqual([
    "config.networkTimeoutMs: must be a whole number of milliseconds from 0 to 600000",
    "config.colour: is not a known field",
    "faults[1].path: must start with '/'",
    "faults[2].status: must be a whole number from 200 to 599",
  ]);
});

test("loads a body-matching fault, and names a body condition's problem by its place in the file", () => {
  const outbox = { path: "/api/outbox", methods: ["POST"], body: { json: { path: "$.op", equals: "add" } }, status: 503, times: 1 };
  expect(parseScenarioText(JSON.stringify({ name: "outbox", faults: [outbox] }), "outbox.json").faults).toEqual([{ ...outbox, representation: "any" }]);
  const error = failureOf(() =>
    parseScenarioText(JSON.stringify({ name: "bad", faults: [{ ...outbox, body: { json: { path: "op", equals: "add" } } }] }), "bad.json"),
  );
  expect(error.problems).toEqual([
    'faults[0].body.json.path: must start with $ (a JSONPath to one value: $ then .name, [index] or ["name"] steps, e.g. $.items[0].id)',
  ]);
});

test("names the file and lists each problem on its own line in the message", () => {
  const error = failureOf(() => parseScenarioText('{"name": "", "faults": [{"path": "/x"}]}', "scenarios/x.json"));
  expect(error.message).toBe(
    "Failed to load scenario file 'scenarios/x.json': 2 problems. Fix the file and try again.\n  - name: must not be empty\n  - faults[0]: needs one of status, redirect, portal, delayMs, drop, hang, reset, garbage, throwOnLoad, truncate, dribble, responseHeaders, sequence or quota",
  );
});

test("says where JSON syntax breaks, by line and column", () => {
  const error = failureOf(() => parseScenarioText('{\n  "name": "x",\n  faults: []\n}', "x.json"));
  expect(error.problems[0]).toMatch(/^the file is not valid JSON at line 3, column 3 \(/);
});

test("refuses a file that is not an object", () => {
  expect(failureOf(() => parseScenarioText("[]", "x.json")).problems).toEqual([
    "(top level): must be a JSON object with name, and optionally description, config, faults, deploys and replay",
  ]);
});

test("refuses an empty file", () => {
  expect(failureOf(() => parseScenarioText(" \n", "x.json")).problems).toEqual(["the file is empty: write a JSON object with at least a name"]);
});

test("says a missing file does not exist, and where paths start", () => {
  const error = failureOf(() => loadScenarioFile(join(dir, "missing.json")));
  expect(error.message).toContain(`'${join(dir, "missing.json")}'`);
  expect(error.problems).toEqual([`there is no such file (paths are relative to ${process.cwd()})`]);
});

test("says a directory is not a file", () => {
  expect(failureOf(() => loadScenarioFile(dir)).problems).toEqual(["it is a directory, not a file"]);
});

test("refuses a device that reports size 0 and never ends, without reading it", () => {
  expect(failureOf(() => loadScenarioFile("/dev/zero")).problems).toEqual(["it is not a regular file (a device, pipe or socket); save the scenario to a file"]);
});

test("refuses a named pipe at once, instead of waiting for a writer", () => {
  const fifo = join(dir, "scenario.fifo");
  execFileSync("mkfifo", [fifo]);
  expect(failureOf(() => loadScenarioFile(fifo)).problems).toEqual(["it is not a regular file (a device, pipe or socket); save the scenario to a file"]);
});

test("refuses a file over the limit", () => {
  const file = writeScenario("big.json", `{"name": "big", "description": "${"x".repeat(MAX_SCENARIO_FILE_BYTES)}"}`);
  expect(failureOf(() => loadScenarioFile(file)).problems).toEqual([`it is larger than the ${MAX_SCENARIO_FILE_BYTES} bytes a scenario may have`]);
});
