import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { runInit } from "../init.ts";
import { REFERENCE_PROFILE } from "../profile/loadProfile.ts";
import { type CapturedOutput, captureOutput } from "../testing/capturedOutput.ts";

let dir: string;
let out: CapturedOutput;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "pck-upgrade-"));
  out = captureOutput();
});

afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

type Json = Record<string, unknown> & { fallbacks: Record<string, Record<string, unknown>>; pages: unknown[] };
const today = JSON.parse(readFileSync(REFERENCE_PROFILE, "utf8")) as Json;
const { version: _version, ...withoutVersion } = today;
/** A user's format 1 profile: a throw button by its name alone, as before a50271a,. */
const format1 = {
  ...withoutVersion,
  fallbacks: { ...today.fallbacks, clientError: { ...today.fallbacks.clientError, trigger: "Throw an error" } },
};

function write(name: string, data: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof data === "string" ? data : JSON.stringify(data));
  return file;
}

describe("init --upgrade <profile>", () => {
  test("rewrites a format 1 profile in today's format, keeping its values, and lists each change", async () => {
    const file = write("app.profile.json", format1);
    expect(await runInit(["--upgrade", "app.profile.json"], dir)).toBe(0);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(today);
    expect(out.stdout).toBe(
      `init: upgraded ${file} to profile format 2:\n` +
        '  - "fallbacks.clientError.trigger": "Throw an error" is now {"path": "/app/crash", "name": "Throw an error"} (the page format 1 pressed it on)\n' +
        '  - "version": 2 is added (format 1 had none)\n',
    );
    // No temporary file left beside it.
    expect(readdirSync(dir)).toEqual(["app.profile.json"]);
  });

  test("leaves a profile of today's format as it is, byte for byte", async () => {
    const text = readFileSync(REFERENCE_PROFILE, "utf8");
    const file = write("app.profile.json", text);
    expect(await runInit(["--upgrade", file], dir)).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(text);
    expect(out.stdout).toContain("nothing to upgrade, nothing written");
  });

  test("refuses a symbolic link, leaving it and its target as they were", async () => {
    const target = write("real.json", format1);
    const link = join(dir, "link.json");
    symlinkSync(target, link);
    expect(await runInit(["--upgrade", link], dir)).toBe(2);
    expect(out.stderr).toContain(`Failed to upgrade ${link}: it is a symbolic link, and the kit never writes through one.`);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(target, "utf8"))).toEqual(format1);
  });

  test("refuses a file that is no profile, naming what is wrong, and writes nothing", async () => {
    const text = `${JSON.stringify({ name: "my-app", version: "1.0.0", scripts: {} })}\n`;
    const file = write("package.json", text);
    expect(await runInit(["--upgrade", file], dir)).toBe(2);
    expect(out.stderr).toContain(`Failed to read profile ${file}: "version" is "1.0.0": it must be the profile format's number, 2 for this kit.`);
    expect(out.stderr).toContain("Nothing was written.");
    expect(readFileSync(file, "utf8")).toBe(text);
    const notJson = write("notes.md", "# Notes\n");
    expect(await runInit(["--upgrade", notJson], dir)).toBe(2);
    expect(out.stderr).toContain(`Failed to read profile ${notJson}: it is not valid JSON`);
    const unversioned = write("other.json", { name: "x" });
    expect(await runInit(["--upgrade", unversioned], dir)).toBe(2);
    expect(out.stderr).toMatch(/Failed to read profile .*other\.json \(it is a format 1 profile, .*\): .*basePath/s);
    expect(JSON.parse(readFileSync(unversioned, "utf8"))).toEqual({ name: "x" });
  });

  test("upgrades a two-page profile, keeping its two pages", async () => {
    const file = write("two.json", { ...format1, pages: today.pages.slice(0, 2) });
    expect(await runInit(["--upgrade", file], dir)).toBe(0);
    expect(out.stderr).not.toContain('"pages"');
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ version: 2, pages: today.pages.slice(0, 2) });
  });

  test("a folder named as the profile is refused with the option that named it", async () => {
    expect(await runInit(["--upgrade", dir], dir)).toBe(2);
    expect(out.stderr).toContain(`Failed to read profile ${dir}: it is a directory. Pass a profile file with --upgrade.`);
  });

  test("a missing file, or --upgrade with init's other options, is a usage error", async () => {
    expect(await runInit(["--upgrade", "none.json"], dir)).toBe(2);
    expect(out.stderr).toContain(`Failed to upgrade ${join(dir, "none.json")}: there is no such file`);
    expect(await runInit(["--upgrade", "a.json", "--target", "http://127.0.0.1:3000/"], dir)).toBe(2);
    expect(out.stderr).toContain("--upgrade rewrites the profile it names in place: it takes no --target.");
    expect(await runInit(["--upgrade", ""], dir)).toBe(2);
    expect(out.stderr).toContain("--upgrade must name a profile file");
  });
});
