import { spawn } from "node:child_process";
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestCase, TestResult } from "@playwright/test/reporter";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { KIT_ROOT } from "../../kit/kitPaths.ts";
import { REPORT_DIR_MARKER } from "./claimReportDir.ts";
import ConformanceReporter from "./conformanceReporter.ts";

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

describe("the report files", () => {
  test("a symbolic link put at a report file's name during the run is replaced, never written through", () => {
    const dir = join(root, "report");
    const users = join(root, "users-notes.md");
    writeFileSync(users, "mine\n");
    const saved = { ...process.env };
    Object.assign(process.env, { PCK_REPORT_DIR: dir });
    try {
      const reporter = new ConformanceReporter();
      // After the claim, which removes the kit's old files, and before the run ends.
      for (const name of ["conformance.md", "conformance.html", "conformance.json"]) symlinkSync(users, join(dir, name));
      const title = "REG-1 does nothing and throws nothing without Cache Storage";
      const testCase = {
        titlePath: () => ["", "chromium", "specs/registration.spec.ts", "REG-1 support detection", title],
        location: { file: join(KIT_ROOT, "specs", "registration.spec.ts"), line: 1, column: 1 },
        tags: ["@recommended"],
        annotations: [],
      } as unknown as TestCase;
      reporter.onTestEnd(testCase, { status: "passed", steps: [], attachments: [], annotations: [] } as unknown as TestResult);
      reporter.onEnd();
    } finally {
      process.env = saved;
    }
    expect(readFileSync(users, "utf8")).toBe("mine\n");
    for (const name of ["conformance.md", "conformance.html", "conformance.json"]) expect(lstatSync(join(dir, name)).isFile()).toBe(true);
    expect(readFileSync(join(dir, "conformance.md"), "utf8")).toContain("REG-1");
  });
});

describe("accepted gaps in a run", () => {
  test("a gap the app no longer has fails the run and says so (REG-1's recommended test passed)", () => {
    const reference = JSON.parse(readFileSync(join(KIT_ROOT, "cli", "profile", "reference.json"), "utf8")) as Record<string, unknown>;
    const profile = join(root, "profile.json");
    writeFileSync(profile, JSON.stringify({ ...reference, expect: { "REG-1": { recommended: "fail", reason: "checked later" } } }));
    const dir = join(root, "report");
    const saved = { ...process.env };
    Object.assign(process.env, { PCK_REPORT_DIR: dir, PCK_PROFILE: profile, PCK_LEVEL: "recommended" });
    try {
      const reporter = new ConformanceReporter();
      const title = "REG-1 does nothing and throws nothing without Cache Storage";
      const testCase = {
        titlePath: () => ["", "chromium", "specs/registration.spec.ts", "REG-1 support detection", title],
        location: { file: join(KIT_ROOT, "specs", "registration.spec.ts"), line: 1, column: 1 },
        tags: ["@recommended"],
        annotations: [],
      } as unknown as TestCase;
      reporter.onTestEnd(testCase, { status: "passed", steps: [], attachments: [], annotations: [] } as unknown as TestResult);
      reporter.onEnd();
    } finally {
      process.env = saved;
    }
    const report = JSON.parse(readFileSync(join(dir, "conformance.json"), "utf8")) as { exitCode: number; summary: { stale: { id: string }[] } };
    expect(report.summary.stale.map((gap) => gap.id)).toEqual(["REG-1"]);
    expect(report.exitCode).toBe(1);
    expect(readFileSync(join(dir, "conformance.md"), "utf8")).toContain("## Accepted gaps that no longer fail");
  });
});

describe("the probe in a run", () => {
  const clauseTest = (title: string) =>
    ({
      title,
      titlePath: () => ["", "chromium", "specs/navigation-posting.spec.ts", "NAV-1 storing each navigation", title],
      location: { file: join(KIT_ROOT, "specs", "navigation-posting.spec.ts"), line: 1, column: 1 },
      tags: [],
      annotations: [],
    }) as unknown as TestCase;
  const probeTest = (title: string) => ({ title, tags: ["@pck-probe"], annotations: [] }) as unknown as TestCase;

  /** Runs the reporter over `ended` (tests and their results), with `planned` the run's clause tests; the report's JSON and Markdown. */
  function report(
    planned: TestCase[],
    ended: [TestCase, Partial<TestResult>][],
  ): { json: { exitCode: number; verdicts: { tests: { outcome: string; detail?: string }[] }[]; learned?: unknown }; md: string } {
    const dir = join(root, "report");
    const saved = { ...process.env };
    Object.assign(process.env, { PCK_REPORT_DIR: dir });
    try {
      const reporter = new ConformanceReporter();
      reporter.onBegin(
        { metadata: {} } as never,
        { allTests: () => [...planned, ...ended.map(([test]) => test).filter((test) => test.tags.includes("@pck-probe"))] } as never,
      );
      for (const [test, result] of ended) reporter.onTestEnd(test, { steps: [], attachments: [], annotations: [], errors: [], ...result } as TestResult);
      reporter.onEnd();
    } finally {
      process.env = saved;
    }
    return { json: JSON.parse(readFileSync(join(dir, "conformance.json"), "utf8")), md: readFileSync(join(dir, "conformance.md"), "utf8") };
  }

  test("a probe that could not finish leaves every clause test inconclusive, with its reason, though Playwright never ran them", () => {
    const failed: Partial<TestResult> = { status: "failed", errors: [{ message: "Error: page.evaluate: Target page, context or browser has been closed" }] };
    const { json, md } = report([clauseTest("NAV-1 stores the page of a client-side navigation")], [[probeTest("probe: navigations"), failed]]);
    const tests = json.verdicts.flatMap((verdict) => verdict.tests);
    expect(tests).toEqual([
      expect.objectContaining({
        outcome: "inconclusive",
        detail: "not run: the kit's probe of the app did not finish (probe: navigations: page.evaluate: Target page, context or browser has been closed)",
      }),
    ]);
    expect(json.exitCode).toBe(3);
    expect(md).toContain("- The probe could not finish, so no clause test ran:");
  });

  test("what the probe learned is in every format, each fact with how it was learned", () => {
    const facts = { control: { value: { state: "after a reload", ms: 812 }, how: "opened /app/ and waited" } };
    const probed: Partial<TestResult> = {
      status: "passed",
      attachments: [{ name: "pck-app-facts", contentType: "application/json", body: Buffer.from(JSON.stringify(facts)) }],
    };
    const title = "NAV-1 stores the page of a client-side navigation";
    const { json, md } = report(
      [clauseTest(title)],
      [
        [probeTest("probe: control"), probed],
        [clauseTest(title), { status: "passed" }],
      ],
    );
    expect(json.learned).toEqual(facts);
    expect(md).toContain("## What the kit learned about your app");
    expect(md).toContain("- A service worker takes control: after a reload, 812 ms after the first load (opened /app/ and waited)");
    expect(readFileSync(join(root, "report", "conformance.html"), "utf8")).toContain(
      "A service worker takes control: after a reload, 812 ms after the first load",
    );
  });
});
