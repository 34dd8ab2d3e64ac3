import { spawn } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestCase, TestResult, TestStep } from "@playwright/test/reporter";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { CHECKLIST_PAGE, KIT_ROOT, kitPath, PLAYWRIGHT_CLI } from "../../kit/kitPaths.ts";
import { REPORT_DIR_MARKER } from "./claimReportDir.ts";
import ConformanceReporter from "./conformanceReporter.ts";
import { ConformanceReport } from "./reportSchema.ts";
import { RUN_METADATA_KEY, type RunMetadata, runMetadataFromEnv } from "./runMetadata.ts";

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

/** A clause test as the reporter gets it, in `file` under `describe`. */
function clauseTest(title: string, { file = "navigation-posting.spec.ts", describe = "NAV-1 storing each navigation", tags = [] as string[] } = {}): TestCase {
  return {
    title,
    titlePath: () => ["", "chromium", `specs/${file}`, describe, title],
    location: { file: join(KIT_ROOT, "specs", file), line: 1, column: 1 },
    tags,
    annotations: [],
  } as unknown as TestCase;
}

const REG_1 = clauseTest("REG-1 does nothing and throws nothing without Cache Storage", {
  file: "registration.spec.ts",
  describe: "REG-1 support detection",
  tags: ["@recommended"],
});

interface Run {
  /** The kit's environment for the run beside PCK_REPORT_DIR (root/report). */
  readonly env?: Record<string, string>;
  /** The run's clause tests, whether or not they end. */
  readonly planned?: readonly TestCase[];
  /** The tests that ended, each with its result. */
  readonly ended: readonly (readonly [TestCase, Partial<TestResult>])[];
  /** What happens once the reporter has claimed the directory, before the run ends. */
  readonly meanwhile?: (dir: string) => void;
  /** The run's metadata as the config recorded it (a merged run's come from the shards' blobs); none: the environment's. */
  readonly metadata?: RunMetadata;
}

/** Runs the reporter in this process over `run`; the report's folder. */
function report({ env = {}, planned = [], ended, meanwhile, metadata }: Run): string {
  const dir = join(root, "report");
  const saved = { ...process.env };
  // Not GitHub's unless a test says so: in this repository's CI the lines would annotate its run.
  Object.assign(process.env, { PCK_REPORT_DIR: dir, GITHUB_ACTIONS: "", ...env });
  try {
    const reporter = new ConformanceReporter();
    meanwhile?.(dir);
    const probes = ended.map(([test]) => test).filter((test) => test.tags.includes("@pck-probe"));
    reporter.onBegin({ metadata: metadata ? { [RUN_METADATA_KEY]: metadata } : {} } as never, { allTests: () => [...planned, ...probes] } as never);
    for (const [test, result] of ended) reporter.onTestEnd(test, { steps: [], attachments: [], annotations: [], errors: [], ...result } as TestResult);
    reporter.onEnd();
  } finally {
    process.env = saved;
  }
  return dir;
}

/** The run's conformance.json, validated against the schema the package ships for it (every test here checks it). */
const json = (dir: string) => ConformanceReport.parse(JSON.parse(readFileSync(join(dir, "conformance.json"), "utf8")));

describe("the engines besides Chromium (check --engines)", () => {
  const inProject = (name: string, engine: string) => ({ ...REG_1, parent: { project: () => ({ name, use: { engine } }) } }) as unknown as TestCase;
  const build = (description: string) => ({ annotations: [{ type: "engine build", description }] });
  const firefoxBuild = "Firefox 153.8.0 (/usr/bin/firefox-esr, puppeteer-core over WebDriver BiDi)";
  const run = (env: Record<string, string> = {}) => {
    const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    try {
      const dir = report({
        env: { PCK_LEVEL: "recommended", ...env },
        ended: [
          [REG_1, { status: "passed" }],
          [
            inProject("firefox", "firefox"),
            {
              status: "failed",
              errors: [{ message: "no registration" }],
              steps: [{ category: "expect", title: "expect(scopes).toEqual", error: { message: "no registration" }, steps: [] } as unknown as TestStep],
              ...build(firefoxBuild),
            },
          ],
          // The engine specs' control in Chromium (npm test's): a check of the checks, no verdict.
          [inProject("chromium engine specs", "chromium"), { status: "failed", errors: [{ message: "control broke" }] }],
        ],
      });
      return { dir, printed: write.mock.calls.map(([text]) => String(text)).join("") };
    } finally {
      write.mockRestore();
    }
  };

  test("each gets a column headed with its build, advisory: Chromium's verdicts alone decide, the control run counts for nothing", () => {
    const { dir, printed } = run();
    const report = json(dir);
    expect(report.verdicts.find((verdict) => verdict.id === "REG-1")?.recommended).toBe("passed");
    expect(report.exitCode).toBe(0);
    const [firefox] = report.engines ?? [];
    expect(firefox).toMatchObject({ engine: "firefox", build: firefoxBuild, heading: "Firefox 153.8.0", gate: false });
    expect(firefox?.verdicts.find((verdict) => verdict.id === "REG-1")?.recommended).toBe("failed");
    const markdown = readFileSync(join(dir, "conformance.md"), "utf8");
    expect(markdown).toContain("| Firefox 153.8.0 (advisory) |");
    expect(markdown).toContain("## Firefox 153.8.0 (advisory)");
    expect(markdown).toContain("no registration");
    expect(readFileSync(join(dir, "conformance.html"), "utf8")).toContain("<th>Firefox 153.8.0 (advisory)</th>");
    expect(printed).toContain("a control of the kit's own checks, are not in this report");
  });

  test("--gate counts a gated engine's failure: exit 1, named with its engine", () => {
    const report = json(run({ PCK_GATE: "firefox" }).dir);
    expect(report.engines?.[0]?.gate).toBe(true);
    expect(report.summary.failed).toEqual(["REG-1 in Firefox"]);
    expect(report.exitCode).toBe(1);
  });
});

describe("the report files", () => {
  test("a symbolic link put at a report file's name during the run is replaced, never written through", () => {
    const users = join(root, "users-notes.md");
    writeFileSync(users, "mine\n");
    const names = ["conformance.md", "conformance.html", "conformance.json", "conformance.sarif"];
    // After the claim, which removes the kit's old files, and before the run ends.
    const linkAll = (claimed: string) => {
      for (const name of names) symlinkSync(users, join(claimed, name));
    };
    const dir = report({ ended: [[REG_1, { status: "passed" }]], meanwhile: linkAll });
    expect(readFileSync(users, "utf8")).toBe("mine\n");
    for (const name of names) expect(lstatSync(join(dir, name)).isFile()).toBe(true);
    expect(readFileSync(join(dir, "conformance.md"), "utf8")).toContain("REG-1");
  });
});

describe("the checklist page", () => {
  test("is copied beside the report from the kit's build, and the report's clause rows link to it; without a build they link GitHub", () => {
    const dir = report({ ended: [[REG_1, { status: "passed" }]] });
    const built = existsSync(kitPath("dist", CHECKLIST_PAGE));
    expect(existsSync(join(dir, CHECKLIST_PAGE))).toBe(built);
    if (built) expect(readFileSync(join(dir, CHECKLIST_PAGE), "utf8")).toBe(readFileSync(kitPath("dist", CHECKLIST_PAGE), "utf8"));
    const link = built ? "checklist.html#reg-1" : "https://github.com/pwa-conformance-kit/pwa-conformance-kit/blob/main/docs/conformance.md#reg-1--";
    expect(readFileSync(join(dir, "conformance.html"), "utf8")).toContain(`<td><a href="${link}`);
  });
});

describe("accepted gaps in a run", () => {
  test("a gap the app no longer has fails the run and says so (REG-1's recommended test passed)", () => {
    const reference = JSON.parse(readFileSync(join(KIT_ROOT, "cli", "profile", "reference.json"), "utf8")) as Record<string, unknown>;
    const profile = join(root, "profile.json");
    writeFileSync(profile, JSON.stringify({ ...reference, expect: { "REG-1": { recommended: "fail", reason: "checked later" } } }));
    const dir = report({ env: { PCK_PROFILE: profile, PCK_LEVEL: "recommended" }, ended: [[REG_1, { status: "passed" }]] });
    expect(json(dir).summary.stale.map((gap) => gap.id)).toEqual(["REG-1"]);
    expect(json(dir).exitCode).toBe(1);
    expect(readFileSync(join(dir, "conformance.md"), "utf8")).toContain("## Accepted gaps that no longer fail");
  });
});

describe("a profile written for an earlier kit", () => {
  test("the report lists each change the run made to read it, in conformance.json and conformance.md", () => {
    const {
      version: _today,
      data,
      ...reference
    } = JSON.parse(readFileSync(join(KIT_ROOT, "cli", "profile", "reference.json"), "utf8")) as Record<string, unknown> & {
      data: { accept: string };
    };
    const profile = join(root, "profile.json");
    writeFileSync(profile, JSON.stringify({ ...reference, dataAccept: data.accept }));
    const dir = report({ env: { PCK_PROFILE: profile }, ended: [[REG_1, { status: "passed" }]] });
    const notes = [`"dataAccept": "${data.accept}" is now "data": {"accept": "${data.accept}"}`, '"version": 2 is added (format 1 had none)'];
    expect(json(dir).profileUpgraded).toEqual(notes);
    const md = readFileSync(join(dir, "conformance.md"), "utf8");
    expect(md).toContain("## The profile is written for an earlier kit");
    for (const note of notes) expect(md).toContain(`- ${note}`);
  });

  test("a profile of today's format leaves the report without the field", () => {
    const dir = report({ env: { PCK_PROFILE: join(KIT_ROOT, "cli", "profile", "reference.json") }, ended: [[REG_1, { status: "passed" }]] });
    expect(json(dir)).not.toHaveProperty("profileUpgraded");
    expect(json(dir).schemaVersion).toBe(1);
  });
});

describe("the probe in a run", () => {
  const probeTest = (title: string) => ({ title, tags: ["@pck-probe"], annotations: [] }) as unknown as TestCase;

  test("a probe that could not finish leaves every clause test inconclusive, with its reason, though Playwright never ran them", () => {
    const failed: Partial<TestResult> = { status: "failed", errors: [{ message: "Error: page.evaluate: Target page, context or browser has been closed" }] };
    const dir = report({ planned: [clauseTest("NAV-1 stores the page of a client-side navigation")], ended: [[probeTest("probe: navigations"), failed]] });
    expect(json(dir).verdicts.flatMap((verdict) => verdict.tests)).toEqual([
      expect.objectContaining({
        outcome: "inconclusive",
        detail: "not run: the kit's probe of the app did not finish (probe: navigations: page.evaluate: Target page, context or browser has been closed)",
      }),
    ]);
    expect(json(dir).exitCode).toBe(3);
    expect(readFileSync(join(dir, "conformance.md"), "utf8")).toContain("- The probe could not finish, so no clause test ran:");
  });

  test("what the probe learned is in every format, each fact with how it was learned", () => {
    const facts = { control: { value: { state: "after a reload", ms: 812 }, how: "opened /app/ and waited" } };
    const probed: Partial<TestResult> = {
      status: "passed",
      attachments: [{ name: "pck-app-facts", contentType: "application/json", body: Buffer.from(JSON.stringify(facts)) }],
    };
    const nav1 = clauseTest("NAV-1 stores the page of a client-side navigation");
    const dir = report({
      planned: [nav1],
      ended: [
        [probeTest("probe: control"), probed],
        [nav1, { status: "passed" }],
      ],
    });
    expect(json(dir).learned).toEqual(facts);
    const md = readFileSync(join(dir, "conformance.md"), "utf8");
    expect(md).toContain("## What the kit learned about your app");
    expect(md).toContain("- A service worker takes control: after a reload, 812 ms after the first load (opened /app/ and waited)");
    expect(readFileSync(join(dir, "conformance.html"), "utf8")).toContain("A service worker takes control: after a reload, 812 ms after the first load");
  });
});

describe("GitHub annotations from a run", () => {
  const failedStep = (message: string): Partial<TestResult> => ({
    status: "failed",
    errors: [{ message }],
    steps: [{ category: "expect", title: "expect(register).not.toHaveBeenCalled", error: { message }, steps: [] } as unknown as TestStep],
  });
  const failingRun = [[REG_1, failedStep("Error: registered without Cache Storage\nExpected: 0\nReceived: 1")]] as const;

  /** What the run printed, its workflow command lines only. */
  function commandLines(run: Run): string[] {
    const written: string[] = [];
    const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      report(run);
    } finally {
      write.mockRestore();
    }
    return written
      .join("")
      .split("\n")
      .filter((line) => line.startsWith("::"));
  }

  /** A profile in a repository checked out at root/repo, as GitHub's workspace. */
  function repository(): { workspace: string; profile: string } {
    const workspace = join(root, "repo");
    mkdirSync(join(workspace, "conformance"), { recursive: true });
    const profile = join(workspace, "conformance", "profile.json");
    writeFileSync(profile, readFileSync(join(KIT_ROOT, "cli", "profile", "reference.json")));
    return { workspace, profile };
  }

  test("with GITHUB_ACTIONS=true, a failed level deciding the exit code is an error on the profile, from the repository's root", () => {
    const { workspace, profile } = repository();
    const env = {
      GITHUB_ACTIONS: "true",
      GITHUB_WORKSPACE: workspace,
      PCK_CALLER_DIR: workspace,
      PCK_PROFILE: profile,
      PCK_LEVEL: "recommended",
      PCK_EXPECTED_FAILURES: "",
    };
    expect(commandLines({ env, ended: failingRun })).toEqual([
      "::error file=conformance/profile.json,title=REG-1 recommended failed%3A Register only where supported::It also requires Cache Storage (`caches`) before registering. Beyond Serwist and Workbox, which check `serviceWorker` only: a worker without Cache Storage can precache nothing.%0A— REG-1 support detection › REG-1 does nothing and throws nothing without Cache Storage: registered without Cache Storage; Expected: 0; Received: 1",
      `::error file=conformance/profile.json,title=pwa-conformance-kit::Does not conform at the recommended level: REG-1 failed. Judged 1 of 1 levels. The whole report: ../report/conformance.md.`,
    ]);
  });

  test("outside GitHub Actions the run prints no workflow command", () => {
    const { profile } = repository();
    expect(commandLines({ env: { GITHUB_ACTIONS: "", PCK_PROFILE: profile, PCK_LEVEL: "recommended" }, ended: failingRun })).toEqual([]);
  });

  test("a merged run annotates from the shards' metadata as the whole run did, on another machine with another workspace", () => {
    const { workspace, profile } = repository();
    const checked = { GITHUB_ACTIONS: "true", GITHUB_WORKSPACE: workspace, PCK_PROFILE: profile, PCK_LEVEL: "recommended", PCK_EXPECTED_FAILURES: "" };
    const whole = commandLines({ env: checked, ended: failingRun });
    // What each shard's config recorded, read back by merge with none of check's variables set.
    const saved = { ...process.env };
    Object.assign(process.env, checked);
    let recorded: RunMetadata;
    try {
      recorded = runMetadataFromEnv();
    } finally {
      process.env = saved;
    }
    const merged = { GITHUB_ACTIONS: "true", GITHUB_WORKSPACE: join(root, "elsewhere"), PCK_PROFILE: "", PCK_LEVEL: "", PCK_EXPECTED_FAILURES: "" };
    expect(commandLines({ env: merged, metadata: recorded, ended: failingRun })).toEqual(whole);
    expect(whole).toHaveLength(2);
  });
});

describe("how much was judged, in every format", () => {
  const ERR_1 = clauseTest("ERR-1 shows the app's 404 page", { file: "fallbacks.spec.ts", describe: "ERR-1 not found" });
  const ERR_1_NOT_CHECKED: Partial<TestResult> = {
    status: "skipped",
    annotations: [{ type: "not-checked", description: "the profile names no 404 page (fallbacks.notFound)" }],
  };
  const REG_1_REQUIRED = clauseTest("REG-1 registers where supported", { file: "registration.spec.ts", describe: "REG-1 support detection" });

  test("a merged run writes the same count to the terminal, conformance.md, .html, .json and .sarif", () => {
    const ended = [
      [REG_1, { status: "passed" }],
      [REG_1_REQUIRED, { status: "passed" }],
      [ERR_1, ERR_1_NOT_CHECKED],
    ] as const;
    const saved = { ...process.env };
    // The shards checked at the recommended level; the merge's own environment would say required.
    Object.assign(process.env, { PCK_LEVEL: "recommended" });
    let recorded: RunMetadata;
    try {
      recorded = runMetadataFromEnv();
    } finally {
      process.env = saved;
    }
    const written: string[] = [];
    const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    let dir: string;
    try {
      dir = report({ env: { PCK_LEVEL: "required" }, metadata: recorded, ended });
    } finally {
      write.mockRestore();
    }
    const line = "Judged 2 of 3 levels; 1 not checked: ERR-1 required (the profile names no 404 page (fallbacks.notFound)).";
    expect(json(dir).summary.judged).toEqual({
      levels: [
        { level: "required", decides: true, ran: 2, judged: 1, notChecked: 1, inconclusive: 0, notApplicable: 0 },
        { level: "recommended", decides: true, ran: 1, judged: 1, notChecked: 0, inconclusive: 0, notApplicable: 0 },
      ],
      notJudged: [{ id: "ERR-1", level: "required", verdict: "not-checked", reasons: ["the profile names no 404 page (fallbacks.notFound)"] }],
    });
    expect(written.join("").split("\n")).toContain(line);
    const md = readFileSync(join(dir, "conformance.md"), "utf8");
    expect(md.split("\n")).toContain(line);
    expect(md).toContain("## Levels not judged");
    expect(md).toContain("- **ERR-1** required, not checked: the profile names no 404 page (fallbacks.notFound)");
    const html = readFileSync(join(dir, "conformance.html"), "utf8");
    expect(html).toContain(`<p>${line}</p>`);
    expect(html).toMatch(
      /<h2>Levels not judged<\/h2>.*<li><strong>ERR-1<\/strong> <span class="muted">\(<a href="[^"]*">required<\/a>\)<\/span> not checked: the profile names no 404 page/,
    );
    const sarif = JSON.parse(readFileSync(join(dir, "conformance.sarif"), "utf8")) as {
      runs: { properties: { judged: unknown }; invocations: { toolExecutionNotifications: { message: { text: string } }[] }[] }[];
    };
    expect(sarif.runs[0]?.properties.judged).toEqual(json(dir).summary.judged);
    expect(sarif.runs[0]?.invocations[0]?.toolExecutionNotifications[0]?.message.text).toBe(line);
  });
});
