import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { kitPath } from "../../kit/kitPaths.ts";
import { loadProfile, MAX_PROFILE_FILE_BYTES, REFERENCE_PROFILE, readProfile } from "./loadProfile.ts";

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
    expect(() => loadProfile(file)).toThrow(`Failed to read profile ${file}: there is no such file`);
  });

  describe("a profile written for an earlier kit (format 1, no version)", () => {
    const {
      version: _version,
      data,
      ...format1
    } = JSON.parse(readFileSync(REFERENCE_PROFILE, "utf8")) as Record<string, unknown> & { data: { accept: string } };

    test("is read upgraded, saying what changed", () => {
      const file = join(dir, "old.json");
      writeFileSync(file, JSON.stringify({ ...format1, dataAccept: data.accept }));
      const read = readProfile(file);
      expect(read.profile).toEqual(readProfile(REFERENCE_PROFILE).profile);
      expect(read.upgraded).toEqual([
        '"dataAccept": "application/json" is now "data": {"accept": "application/json"}',
        '"version": 2 is added (format 1 had none)',
      ]);
      expect(readProfile(REFERENCE_PROFILE).upgraded).toEqual([]);
    });

    test("with two pages is read upgraded: format 2 takes them as they are", () => {
      const file = join(dir, "two-pages.json");
      const pages = (format1.pages as unknown[]).slice(0, 2);
      writeFileSync(file, JSON.stringify({ ...format1, dataAccept: data.accept, pages }));
      const read = readProfile(file);
      expect(read.profile.pages).toEqual(pages);
      expect(read.upgraded).toEqual([
        '"dataAccept": "application/json" is now "data": {"accept": "application/json"}',
        '"version": 2 is added (format 1 had none)',
      ]);
    });

    test("with a change only its team can make is refused, naming it and what init --upgrade then changes", () => {
      const file = join(dir, "both.json");
      writeFileSync(file, JSON.stringify({ ...format1, dataAccept: data.accept, data: { query: "_rsc" } }));
      expect(() => loadProfile(file)).toThrow(
        new RegExp(
          `^Failed to read profile ${file}: it is a format 1 profile, written for an earlier kit .* changed what only you can fill in:\n  - has both "dataAccept" \\(format 1\\) and "data": .*\nMake these changes, then run 'pwa-conformance-kit init --upgrade ${file}', which makes the rest .*:\n  - "version": 2 is added`,
        ),
      );
    });

    test("of a newer format is refused, saying to upgrade the kit", () => {
      const file = join(dir, "newer.json");
      writeFileSync(file, JSON.stringify({ ...format1, data, version: 3 }));
      expect(() => loadProfile(file)).toThrow(
        `Failed to read profile ${file}: "version" is 3, a profile format newer than this kit's (2): upgrade pwa-conformance-kit`,
      );
    });
  });

  test("the kit's own profiles, the reference's and every example app's, are in today's format", () => {
    const examples = readdirSync(kitPath("examples"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) =>
        readdirSync(kitPath("examples", entry.name))
          .filter((name) => /^profile.*\.json$/.test(name))
          .map((name) => kitPath("examples", entry.name, name)),
      );
    expect(examples.length).toBeGreaterThanOrEqual(6);
    for (const file of [REFERENCE_PROFILE, ...examples]) expect({ file, upgraded: readProfile(file).upgraded }).toEqual({ file, upgraded: [] });
  });
});
