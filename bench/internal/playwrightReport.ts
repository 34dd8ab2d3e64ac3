/** Runs the Playwright suite with the JSON reporter and flattens its report into one row per execution. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCommand } from "../../scripts/runCommand.mjs";
import { ROOT } from "./bundleSize.ts";

interface JsonResult {
  readonly status: "passed" | "failed" | "timedOut" | "skipped" | "interrupted";
  readonly duration: number;
  readonly workerIndex: number;
  readonly retry: number;
  readonly errors: readonly { readonly message?: string }[];
}
interface JsonTest {
  readonly projectName: string;
  readonly expectedStatus: string;
  readonly results: readonly JsonResult[];
}
interface JsonSpec {
  readonly title: string;
  readonly file: string;
  readonly line: number;
  readonly tests: readonly JsonTest[];
}
interface JsonSuite {
  readonly title: string;
  readonly specs?: readonly JsonSpec[];
  readonly suites?: readonly JsonSuite[];
}
export interface JsonReport {
  readonly suites: readonly JsonSuite[];
  readonly errors: readonly { readonly message?: string }[];
  readonly stats: { readonly duration: number };
}

/** One run of one test (a repetition is its own execution). */
export interface Execution {
  /** `file › describe › title`, as the list reporter shows it. */
  readonly test: string;
  /** The Playwright project it ran in. */
  readonly project: string;
  readonly file: string;
  readonly line: number;
  /** Which pass of `--repeat-each` this is (0-based); every test runs once per pass. */
  readonly repeat: number;
  readonly status: JsonResult["status"];
  /** Whether the outcome is the one the test expects (a plain pass, for this suite). */
  readonly ok: boolean;
  readonly durationMs: number;
  readonly error: string | null;
}

export function executions(report: JsonReport): Execution[] {
  const out: Execution[] = [];
  const walk = (suite: JsonSuite, path: readonly string[]) => {
    const here = suite.title.endsWith(".ts") ? path : [...path, suite.title];
    for (const spec of suite.specs ?? []) {
      // A spec lists one test per project and pass, passes in order.
      const passes = new Map<string, number>();
      for (const test of spec.tests) {
        const repeat = passes.get(test.projectName) ?? 0;
        passes.set(test.projectName, repeat + 1);
        for (const result of test.results) {
          out.push({
            test: [spec.file, ...here, spec.title].join(" › "),
            project: test.projectName,
            file: spec.file,
            line: spec.line,
            repeat,
            status: result.status,
            ok: result.status === test.expectedStatus,
            durationMs: result.duration,
            error: result.errors[0]?.message?.split("\n")[0] ?? null,
          });
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites) walk(suite, []);
  return out;
}

export function readReport(path: string): JsonReport {
  return JSON.parse(readFileSync(path, "utf8")) as JsonReport;
}

/**
 * `npx playwright test <args>` with the list reporter on screen and the JSON report kept for the
 * caller. Resolves with the report whatever the exit code: failures are what the caller counts.
 */
export async function runSuite(args: readonly string[]): Promise<{ report: JsonReport; exitCode: number }> {
  const dir = mkdtempSync(join(tmpdir(), "pck-bench-"));
  const output = join(dir, "report.json");
  try {
    const bin = join(ROOT, "node_modules", ".bin", process.platform === "win32" ? "playwright.cmd" : "playwright");
    const { code } = await runCommand(bin, ["test", "--reporter=dot,json", ...args], {
      cwd: ROOT,
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: output },
    });
    return { report: readReport(output), exitCode: code };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface SuiteRunFlags {
  readonly "repeat-each": string;
  readonly workers: string;
  readonly report?: string | undefined;
  readonly save?: string | undefined;
}

/** The report to analyse: a saved one (`--report`), or a fresh run of the suite, saved if asked (`--save`). */
export async function reportFromFlags(flags: SuiteRunFlags): Promise<JsonReport> {
  if (flags.report) return readReport(flags.report);
  const { report } = await runSuite([`--repeat-each=${flags["repeat-each"]}`, `--workers=${flags.workers}`]);
  if (flags.save) writeFileSync(flags.save, `${JSON.stringify(report)}\n`);
  return report;
}
