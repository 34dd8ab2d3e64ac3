/**
 * Runs the conformance suite against a fixture app through the mock server's proxy and compares
 * the verdicts with the ones its record (a docs/ page written by hand) holds. Exit code 0 when they
 * agree (the app's own failures are expected: they are the record), 1 when they differ or a test was
 * inconclusive, 2 when the run could not happen.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { ClauseVerdict } from "../../cli/report/verdicts.ts";
import { ENV } from "../../kit/env.mjs";
import { KIT_ROOT } from "../../kit/kitPaths.ts";
import { forkListening } from "../../mock-server/process/forkListening.ts";
import { runCommand, stopWhenOrphaned } from "../runCommand.mjs";
import { parseRecordedVerdicts, verdictDrift } from "./recordedVerdicts.ts";

const ROOT = KIT_ROOT;

export interface RecordedApp {
  /** Short name for messages, e.g. `second-app`. */
  readonly name: string;
  readonly origin: string;
  readonly profile: string;
  /** The record, e.g. `<root>/docs/second-app.md`. */
  readonly record: string;
  readonly reportDir: string;
  readonly playwrightArgs: readonly string[];
}

/**
 * Playwright arguments of every record check, before the caller's (which win: `-- --trace on`). No
 * traces: a record check's expected failures never keep theirs, and recording every test's trace
 * (screenshots and DOM snapshots) cost the second app's check 16% of its wall time here
 * (docs/performance.md). A user's `check` keeps Playwright's `retain-on-failure`.
 */
export const RECORD_CHECK_PLAYWRIGHT_ARGS: readonly string[] = ["--trace", "off"];

export async function checkRecordedApp(app: RecordedApp): Promise<0 | 1 | 2> {
  const args = ["--target", app.origin, "--profile", app.profile, "--report-dir", app.reportDir, "--level", "recommended"];
  // The app's own failures are its record: a progress line instead of a ✘ line for each, and
  // expected by Playwright, so none costs a new worker process (the verdicts still come from results).
  const failingTests = [...parseRecordedVerdicts(readFileSync(app.record, "utf8"), relative(ROOT, app.record)).failingTests];
  const { code } = await runCommand(
    process.execPath,
    ["--import", "tsx", join(ROOT, "cli", "check.ts"), ...args, "--", ...RECORD_CHECK_PLAYWRIGHT_ARGS, ...app.playwrightArgs],
    {
      cwd: ROOT,
      env: { ...process.env, [ENV.output]: process.env[ENV.output] ?? "progress", [ENV.expectedFailures]: JSON.stringify(failingTests) },
    },
  );
  // conformance exits 1 when a clause failed (expected here) and 3 when a test was inconclusive
  // (compared below, with the rest); 2 is a usage or profile error.
  if (code !== 0 && code !== 1 && code !== 3) return 2;
  return compareWithRecord(app.name, app.reportDir, app.record);
}

/** Compares the verdicts a run wrote to `reportDir` with the record: 0 the same, 1 different, 2 no report. */
export function compareWithRecord(name: string, reportDir: string, record: string): 0 | 1 | 2 {
  const recordName = relative(ROOT, record);
  const report = `${reportDir}/conformance.json`;
  if (!existsSync(report)) {
    console.error(`[${name}] Failed to compare verdicts: ${report} was not written. See the run's output above.`);
    return 2;
  }
  const { verdicts } = JSON.parse(readFileSync(report, "utf8")) as { verdicts: ClauseVerdict[] };
  const drift = verdictDrift(parseRecordedVerdicts(readFileSync(record, "utf8"), recordName), verdicts);
  if (drift.length > 0) {
    console.error(
      `[${name}] The verdicts differ from ${recordName}:\n${drift.map((line) => `  - ${line}`).join("\n")}\nFix the suite, or record the new verdicts (and why, from the app's code) in ${recordName}.`,
    );
    return 1;
  }
  const failing = new Set(verdicts.flatMap((v) => v.tests.filter((t) => t.outcome === "failed").map((t) => t.title))).size;
  console.log(`[${name}] The verdicts match ${recordName} (${verdicts.length} clauses, both levels; ${failing} failing test(s), each one the record expects).`);
  return 0;
}

/** Arguments after a lone `--` (or all of them) go to `playwright test`. */
export function playwrightArgsFrom(argv: readonly string[]): string[] {
  const separator = argv.indexOf("--", 2);
  return separator === -1 ? argv.slice(2) : argv.slice(separator + 1);
}

export interface FixtureApp {
  /** Short name for messages and the report's folder, e.g. `next-app`. */
  readonly name: string;
  /** Gets the app ready to serve (install, build) when it is out of date. */
  readonly prepare: () => Promise<void>;
  /** A server script that sends `{ type: "listening", origin }` once the app answers. */
  readonly serveScript: string;
  /** How long the server gets to answer. */
  readonly startTimeoutMs: number;
  readonly profile: string;
  /** The record, a path under the repository root, e.g. `docs/next-app.md`. */
  readonly record: string;
}

/**
 * A fixture app as every one of examples/ is laid out: its folder (`new URL(".", import.meta.url)`
 * of its fixture.ts) holds `serve.ts` and `profile.json`, and docs/<name>.md is its by-hand record.
 */
export function fixtureIn(folder: URL, app: Pick<FixtureApp, "name" | "prepare" | "startTimeoutMs">): FixtureApp {
  return {
    ...app,
    serveScript: fileURLToPath(new URL("serve.ts", folder)),
    profile: fileURLToPath(new URL("profile.json", folder)),
    record: `docs/${app.name}.md`,
  };
}

/**
 * The whole `npm run conformance:<app>` command: prepares and serves the app, checks it against its
 * record, stops it, and sets the exit code (2 when the run could not happen).
 */
export async function runFixtureCheck(app: FixtureApp): Promise<void> {
  stopWhenOrphaned();
  try {
    await app.prepare();
    const server = await forkListening(app.serveScript, ["--port", "0"], { name: `the ${app.name} server`, timeoutMs: app.startTimeoutMs });
    try {
      process.exitCode = await checkRecordedApp({
        name: app.name,
        origin: server.origin,
        profile: app.profile,
        record: join(ROOT, app.record),
        reportDir: join(ROOT, "test-results", app.name),
        playwrightArgs: playwrightArgsFrom(process.argv),
      });
    } finally {
      await server.stop();
    }
  } catch (error) {
    console.error(`[${app.name}] Failed to run: ${(error as Error).message}.`);
    process.exitCode = 2;
  }
}
