/**
 * The kept worker rests on two things Playwright does not promise: that a test marked `fail()` at the
 * end of its fixtures keeps its worker, and that a reporter first in the list can mark it back before
 * the others read it. A Playwright upgrade that changes either would make a failed clause look
 * passed in a user's JUnit file, or quietly cost a worker per failure again: this runs Playwright on
 * a failing and a passing test with the suite's own pieces and reads every report.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, expect, test } from "vitest";
import { KIT_ROOT } from "../../kit/kitPaths.ts";
import { runCommand } from "../../scripts/runCommand.mjs";

const PLAYWRIGHT_CLI = fileURLToPath(import.meta.resolve("@playwright/test/cli"));
const kit = (...parts: string[]) => JSON.stringify(join(KIT_ROOT, ...parts));

let dir: string;
beforeEach(() => {
  // Inside the kit, so the config and the spec resolve its @playwright/test.
  mkdirSync(join(KIT_ROOT, "test-results"), { recursive: true });
  dir = mkdtempSync(join(KIT_ROOT, "test-results", "kept-worker-"));
  writeFileSync(
    join(dir, "kept.spec.ts"),
    `import { test as base, expect } from "@playwright/test";
import { keepWorkerFixture } from ${kit("specs", "support", "keepWorker.ts")};
import { recordFailure } from ${kit("specs", "support", "failureArtifacts.ts")};
const test = base.extend<{ keepWorker: undefined }>({
  context: async ({ context }, use, testInfo) => {
    const endRecording = await recordFailure(context, testInfo, true);
    await use(context);
    await endRecording();
  },
  keepWorker: keepWorkerFixture,
});
test("fails", async ({ page }) => {
  await page.setContent("<h1>one</h1>");
  expect(await page.textContent("h1")).toBe("two");
});
test("passes", async ({ page }) => {
  await page.setContent("<h1>one</h1>");
  expect(await page.textContent("h1")).toBe("one");
});
`,
  );
  writeFileSync(
    join(dir, "playwright.config.ts"),
    `import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from ${kit("kit", "chromium.mjs")};
const executablePath = findChromium()?.executablePath;
export default defineConfig({
  testDir: ".",
  workers: 1,
  retries: 0,
  outputDir: "artifacts",
  reporter: process.env.ONLY_JSON
    ? [["json", { outputFile: "report.json" }]]
    : [[${kit("cli", "report", "keptWorkerReporter.ts")}], ["list"], ["json", { outputFile: "report.json" }], ["junit", { outputFile: "junit.xml" }]],
  use: { trace: "off", launchOptions: { args: CHROMIUM_ARGS, ...(executablePath ? { executablePath } : {}) } },
});
`,
  );
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function playwright(env: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  return runCommand(process.execPath, [PLAYWRIGHT_CLI, "test", "-c", join(dir, "playwright.config.ts")], {
    cwd: dir,
    quiet: true,
    env: { ...process.env, CI: "", PCK_KEPT_WORKERS: "", ...env },
  });
}

interface JsonTest {
  readonly status: string;
  readonly expectedStatus: string;
  readonly annotations: { type: string }[];
  readonly results: { status: string; workerIndex: number; annotations: { type: string }[]; attachments: { name: string }[] }[];
}

function jsonTests(): Record<string, JsonTest> {
  const report = JSON.parse(readFileSync(join(dir, "report.json"), "utf8")) as { suites: { specs: { title: string; tests: JsonTest[] }[] }[] };
  return Object.fromEntries(report.suites.flatMap((suite) => suite.specs.map((spec) => [spec.title, spec.tests[0] as JsonTest])));
}

test("a failed test keeps its worker, and every reporter and the exit code still see a failure", async () => {
  const { code, output } = await playwright();
  expect(code, output).toBe(1);
  const { fails, passes } = jsonTests();
  expect(fails?.status).toBe("unexpected");
  expect(fails?.expectedStatus).toBe("passed");
  expect(fails?.annotations).toEqual([]);
  expect(fails?.results[0]?.annotations).toEqual([]);
  expect(fails?.results[0]?.status).toBe("failed");
  expect(fails?.results[0]?.attachments.map((a) => a.name)).toEqual(expect.arrayContaining(["screenshot", "trace"]));
  expect(passes?.status).toBe("expected");
  expect(passes?.results[0]?.workerIndex, "the passing test ran in the failed test's worker").toBe(fails?.results[0]?.workerIndex);
  expect(readFileSync(join(dir, "junit.xml"), "utf8")).toMatch(/<testsuites [^>]*tests="2" failures="1"/);
  expect(output).toMatch(/✘ .* fails/);
  expect(output).toContain("1 failed");
}, 60_000);

test("without the kit's first reporter a failure starts a new worker, as Playwright does", async () => {
  const { code } = await playwright({ ONLY_JSON: "1" });
  expect(code).toBe(1);
  const { fails, passes } = jsonTests();
  expect(fails?.status).toBe("unexpected");
  expect(passes?.results[0]?.workerIndex).not.toBe(fails?.results[0]?.workerIndex);
}, 60_000);
