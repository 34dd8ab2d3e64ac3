import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type FixtureBuild, prepareFixture } from "./prepareFixture.ts";

/** Seconds since the epoch for `utimesSync`: older files get smaller numbers. */
const OLD = 1_000_000;
const NEW = 2_000_000;

let appDir: string;

function file(path: string, time: number): void {
  const full = join(appDir, path);
  mkdirSync(join(full, ".."), { recursive: true });
  writeFileSync(full, "");
  utimesSync(full, time, time);
}

/** An app whose dependencies are installed; its one build step writes `ran`. */
function app(): FixtureBuild {
  return {
    appDir,
    script: "examples/x/build.ts",
    name: "the x app",
    installedProbe: join(appDir, "node_modules/bin.js"),
    sources: ["src", "package-lock.json"],
    outputs: [join(appDir, "out/done"), join(appDir, "src/worker.js")],
    steps: [{ what: "build", command: process.execPath, args: ["-e", "require('fs').writeFileSync('ran', '')"] }],
    env: {},
  };
}

beforeEach(() => {
  appDir = `${mkdtempSync(join(tmpdir(), "prepare-fixture-"))}/`;
  file("package-lock.json", OLD);
  file("node_modules/bin.js", OLD);
  file("node_modules/.package-lock.json", OLD);
  file("src/page.ts", OLD);
});
afterEach(() => rmSync(appDir, { recursive: true, force: true }));

describe("prepareFixture", () => {
  test("builds nothing when every output is newer than every source", async () => {
    file("out/done", NEW);
    file("src/worker.js", NEW);
    await prepareFixture(app());
    expect(existsSync(join(appDir, "ran"))).toBe(false);
  });

  test("does not count an output the build writes into a source folder, nor its source map, as a source", async () => {
    file("out/done", NEW);
    file("src/worker.js", NEW + 10);
    file("src/worker.js.map", NEW + 10);
    await prepareFixture(app());
    expect(existsSync(join(appDir, "ran"))).toBe(false);
  });

  test("builds when a source is newer than the oldest output", async () => {
    file("out/done", NEW);
    file("src/worker.js", NEW);
    file("src/page.ts", NEW + 10);
    await prepareFixture(app());
    expect(existsSync(join(appDir, "ran"))).toBe(true);
  });

  test("builds when an output is missing", async () => {
    file("out/done", NEW);
    await prepareFixture(app());
    expect(existsSync(join(appDir, "ran"))).toBe(true);
  });

  test("names the step and the script to run again when a step fails", async () => {
    const failing = { ...app(), steps: [{ what: "build the x app", command: process.execPath, args: ["-e", "process.exit(3)"] }] };
    await expect(prepareFixture(failing)).rejects.toThrow(
      "Failed to build the x app: exit code 3. See the output above, fix it, and run node --import tsx examples/x/build.ts again",
    );
  });
});
