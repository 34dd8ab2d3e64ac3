import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { KIT_ROOT } from "../../kit/kitPaths.ts";
import { REPORT_DIR_MARKER } from "./claimReportDir.ts";

const PLAYWRIGHT_CLI = fileURLToPath(import.meta.resolve("@playwright/test/cli"));

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "pck-reporter-"));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

/** A bare `playwright test` of the kit's suite with PCK_REPORT_DIR, as `npm test` runs it; no test matches, so no browser starts. */
function playwright(reportDir: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [PLAYWRIGHT_CLI, "test", "--grep", "no test has this title"], {
    cwd: KIT_ROOT,
    env: { ...process.env, PCK_REPORT_DIR: reportDir, CI: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += String(chunk);
  });
  child.stderr.on("data", (chunk) => {
    output += String(chunk);
  });
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

describe("ConformanceReporter's report directory", () => {
  test("a directory the kit did not create is refused before Playwright empties html/ or artifacts/", async () => {
    mkdirSync(join(root, "html"));
    writeFileSync(join(root, "html", "index.html"), "mine\n");
    mkdirSync(join(root, "artifacts"));
    writeFileSync(join(root, "artifacts", "build.zip"), "mine\n");
    const { code, output } = await playwright(root);
    expect(code).not.toBe(0);
    expect(output).toContain(`Failed to use ${root} as the report directory: it is not empty and the kit did not create it`);
    expect(readdirSync(root).sort()).toEqual(["artifacts", "html"]);
    expect(readFileSync(join(root, "html", "index.html"), "utf8")).toBe("mine\n");
    expect(readdirSync(join(root, "artifacts"))).toEqual(["build.zip"]);
  }, 60_000);

  test("a missing directory becomes the kit's, its marker listing what the run wrote", async () => {
    const dir = join(root, "conformance");
    await playwright(dir);
    expect(readdirSync(dir).sort()).toEqual([REPORT_DIR_MARKER, "artifacts", "html", "junit.xml"]);
    expect((JSON.parse(readFileSync(join(dir, REPORT_DIR_MARKER), "utf8")) as { wrote: string[] }).wrote).toEqual(["junit.xml", "html", "artifacts"]);
    // The next run may re-use it.
    expect((await playwright(dir)).output).not.toContain("Failed to use");
  }, 60_000);
});
