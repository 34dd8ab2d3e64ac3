import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { loadProfile, MAX_PROFILE_FILE_BYTES, REFERENCE_PROFILE } from "./loadProfile.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "pck-profile-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("loadProfile", () => {
  test("accepts a profile saved with a UTF-8 byte-order mark", () => {
    const file = join(dir, "bom.json");
    writeFileSync(file, `\uFEFF${readFileSync(REFERENCE_PROFILE, "utf8")}`);
    expect(loadProfile(file).name).toBe(loadProfile(REFERENCE_PROFILE).name);
  });

  test("refuses a device without reading it", () => {
    expect(() => loadProfile("/dev/zero")).toThrow("Failed to read profile /dev/zero: it is not a regular file (a device, pipe or socket).");
  });

  test("refuses a directory", () => {
    expect(() => loadProfile(dir)).toThrow(`Failed to read profile ${dir}: it is a directory.`);
  });

  test("refuses a file over the size cap", () => {
    const file = join(dir, "big.json");
    writeFileSync(file, `{"name": "${"x".repeat(MAX_PROFILE_FILE_BYTES)}"}`);
    expect(() => loadProfile(file)).toThrow(`Failed to read profile ${file}: it is larger than the ${MAX_PROFILE_FILE_BYTES} bytes a profile may have.`);
  });

  test("names a missing file", () => {
    const file = join(dir, "none.json");
    expect(() => loadProfile(file)).toThrow(`Failed to read profile ${file}: ENOENT. Pass an existing file with --profile.`);
  });
});
