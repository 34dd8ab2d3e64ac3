import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { har, harEntry } from "../testing/harEntry.ts";
import { MAX_HAR_BYTES, MAX_HAR_ENTRIES } from "./harInput.ts";
import { HarError, harFromJson, loadHarFile, parseHarText } from "./loadHar.ts";

function problemsOf(load: () => unknown): readonly string[] {
  try {
    load();
  } catch (error) {
    if (error instanceof HarError) return error.problems;
    throw error;
  }
  throw new Error("expected a HarError");
}

function fileWith(text: string | Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), "pck-har-")), "x.har");
  writeFileSync(file, text);
  return file;
}

test("loads a HAR and names it", () => {
  const loaded = harFromJson(har(harEntry("GET", "http://x/a", { text: "a" })), "mine.har");
  expect(loaded).toMatchObject({ name: "mine.har", index: { total: 1, usable: 1 } });
  expect(loadHarFile(fileWith(JSON.stringify(har()))).index.total).toBe(0);
});

test.each([
  ["not an object", [], ["(top level): must be a HAR: a JSON object with a log holding version and entries"]],
  ["no log", { entries: [] }, ["log: must be an object with version and entries"]],
  ["a wrong version", { log: { version: "2.0", entries: [] } }, ['log.version: must be a HAR 1.x version such as "1.2"']],
  ["entries that are not a list", { log: { version: "1.2", entries: {} } }, ["log.entries: must be a list of entries"]],
  [
    "a status that is not a whole number",
    har({ ...harEntry("GET", "http://x/a"), response: { ...harEntry("GET", "http://x/a").response, status: 200.5 } }),
    ["log.entries[0].response.status: must be a whole number"],
  ],
  [
    "an entry without a usable URL",
    har({ ...harEntry("GET", "http://x/a"), request: { method: "GET", url: "/relative", headers: [] } }),
    ["log.entries[0].request.url: must be an absolute URL"],
  ],
])("refuses %s, naming the field", (_what, json, problems) => {
  expect(problemsOf(() => harFromJson(json, "x.har"))).toEqual(problems);
});

test("refuses more entries than a HAR may hold", () => {
  const entries = Array.from({ length: MAX_HAR_ENTRIES + 1 }, () => harEntry("GET", "http://x/a"));
  expect(problemsOf(() => harFromJson(har(...entries), "big.har"))[0]).toMatch(/^log\.entries: must hold at most 10000 entries/);
});

test("lists the first ten problems of a HAR and counts the rest", () => {
  const entries = Array.from({ length: 12 }, () => ({ request: { method: "GET", url: "nope" }, response: { status: 200 } }));
  const error = (() => {
    try {
      harFromJson(har(...(entries as never[])), "many.har");
    } catch (caught) {
      return caught as HarError;
    }
  })();
  expect(error?.problems).toHaveLength(12);
  expect(error?.message).toMatch(/^Failed to load the HAR 'many\.har': 12 problems\. /);
  expect(error?.message).toContain("… and 2 more");
});

test.each([
  ["empty text", "", ["the file is empty"]],
  ["text that is not JSON", "{log:", [expect.stringMatching(/^it is not valid JSON at line 1, column 2 \(/)]],
])("refuses %s", (_what, text, problems) => {
  expect(problemsOf(() => parseHarText(text, "x.har"))).toEqual(problems);
});

test("refuses a missing file, a directory and a file larger than a HAR may be", () => {
  expect(problemsOf(() => loadHarFile("/no/such/file.har"))).toEqual([expect.stringMatching(/^there is no such file/)]);
  expect(problemsOf(() => loadHarFile(tmpdir()))).toEqual(["it is a directory, not a file"]);
  expect(problemsOf(() => loadHarFile(fileWith(Buffer.alloc(MAX_HAR_BYTES + 1, 32))))).toEqual([
    `it is larger than the ${MAX_HAR_BYTES} bytes a HAR to replay may have: keep the entries of the pages you replay`,
  ]);
});
