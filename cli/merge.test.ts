import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { runMerge } from "./merge.ts";

let dir: string;
let stderr: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "pck-merge-"));
  stderr = "";
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
    stderr += String(chunk);
    return true;
  });
  vi.spyOn(process.stdout, "write").mockImplementation(() => true);
});

afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

test("refuses a folder that is not there, naming where the shards' results come from, and writes no report", async () => {
  expect(await runMerge(["missing", "--report-dir", "report"], dir)).toBe(2);
  expect(stderr).toContain(`there is no folder ${join(dir, "missing")}. Name the folder you put every shard's blob in`);
  expect(existsSync(join(dir, "report"))).toBe(false);
});

test("refuses a file and a folder without shard results", async () => {
  writeFileSync(join(dir, "blob.zip"), "");
  expect(await runMerge(["blob.zip"], dir)).toBe(2);
  expect(stderr).toContain("is not a folder");
  mkdirSync(join(dir, "empty"));
  expect(await runMerge(["empty", "--report-dir", "report"], dir)).toBe(2);
  expect(stderr).toContain("holds no shard results (.zip)");
  expect(existsSync(join(dir, "report"))).toBe(false);
});

test("takes one folder, no more, no fewer, and no flag it does not know", async () => {
  expect(await runMerge([], dir)).toBe(2);
  expect(stderr).toContain("name one folder of shard results, not 0");
  expect(await runMerge(["a", "b"], dir)).toBe(2);
  expect(stderr).toContain("not 2");
  expect(await runMerge(["a", "--shard", "1/2"], dir)).toBe(2);
  expect(stderr).toContain("Unknown option '--shard'");
});

test("refuses a report directory whose blob/ is the folder it merges", async () => {
  mkdirSync(join(dir, "report", "blob"), { recursive: true });
  writeFileSync(join(dir, "report", "blob", "shard-1-of-2.zip"), "");
  expect(await runMerge([join("report", "blob"), "--report-dir", "report"], dir)).toBe(2);
  expect(stderr).toContain("would replace the folder of shard results it merges");
  expect(existsSync(join(dir, "report", "blob", "shard-1-of-2.zip"))).toBe(true);
});
