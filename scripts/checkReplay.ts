/**
 * `node --import tsx scripts/checkReplay.ts [-- <playwright test args>]`: the proof that a recording
 * replays an app offline-equivalently. Serves the second app, checks it through the mock server with
 * every run server recording (PCK_RECORD_DIR), stops the app, merges the recordings into one HAR,
 * checks again with the servers answering from that HAR and no upstream (PCK_REPLAY), and compares
 * the two runs' verdicts clause by clause, and their failing tests. The replayed run is the
 * sharded recipe of docs/cli.md: `check --shard 1/2` and `--shard 2/2`, then `merge` of their results, so npm test
 * proves that a sharded check gives the whole report. Exit 0 when they are the same, 1 when they
 * differ, 2 when a run could not happen. Reports in test-results/replay/.
 *
 * `--from-package`: the recorded run is the package step's check of the second app through the
 * installed kit (scripts/packageRecording.ts), which recorded as it ran; only the replayed run is
 * made here (npm test, one check fewer).
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { ClauseVerdict } from "../cli/report/verdicts.ts";
import { SECOND_APP_FIXTURE } from "../examples/second-app/fixture.ts";
import { ENV } from "../kit/env.mjs";
import { KIT_ROOT } from "../kit/kitPaths.ts";
import { forkListening } from "../mock-server/process/forkListening.ts";
import { MAX_HAR_ENTRIES } from "../mock-server/replay/harInput.ts";
import { compareWithRecord, playwrightArgsFrom, RECORD_CHECK_PLAYWRIGHT_ARGS } from "./exampleApps/checkRecordedApp.ts";
import { parseRecordedVerdicts } from "./exampleApps/recordedVerdicts.ts";
import { PACKAGE_RECORDING, PACKAGE_RECORDINGS, PACKAGE_VERDICTS } from "./packageRecording.ts";
import { runCommand, stopWhenOrphaned } from "./runCommand.mjs";

const OUT = join(KIT_ROOT, "test-results", "replay");
const FROM_PACKAGE = "--from-package";
const RECORD_DIR = join(OUT, "recordings");
const MERGED = join(OUT, "second-app.har");
const app = SECOND_APP_FIXTURE;

interface Run {
  readonly verdicts: readonly ClauseVerdict[];
  readonly seconds: number;
}

/** The installed command's entry, as a user runs it (`pwa-conformance-kit <command>`). */
const KIT = ["--import", "tsx", join(KIT_ROOT, "cli", "main.ts")];

/** Runs the kit's command line with `env` on top; its exit code (0, 1 and 3 are verdicts) and wall time. */
async function kit(name: string, args: readonly string[], env: Record<string, string>): Promise<number> {
  // The app's recorded failures are expected: a progress line each, and no new worker process each.
  const failing = [...parseRecordedVerdicts(readFileSync(join(KIT_ROOT, app.record), "utf8")).failingTests];
  const { code, ms } = await runCommand(process.execPath, [...KIT, ...args], {
    cwd: KIT_ROOT,
    env: { ...process.env, [ENV.output]: "progress", [ENV.expectedFailures]: JSON.stringify(failing), ...env },
  });
  if (code !== 0 && code !== 1 && code !== 3) throw new Error(`the ${name} exited with ${code} (a usage or start-up error); see its output above`);
  return ms;
}

/** The check's arguments for the second app at `target`, and any Playwright arguments given to this script. */
function checkArgs(target: string, reportDir: string, own: readonly string[] = []): string[] {
  const playwright = playwrightArgsFrom(process.argv.filter((arg) => arg !== FROM_PACKAGE));
  return [
    "check",
    "--target",
    target,
    "--profile",
    app.profile,
    "--report-dir",
    reportDir,
    "--force",
    "--level",
    "recommended",
    ...own,
    "--",
    ...RECORD_CHECK_PLAYWRIGHT_ARGS,
    ...playwright,
  ];
}

const verdictsIn = (reportDir: string): ClauseVerdict[] =>
  (JSON.parse(readFileSync(join(reportDir, "conformance.json"), "utf8")) as { verdicts: ClauseVerdict[] }).verdicts;
const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** One whole check of the second app; its verdicts and wall time. */
async function check(name: string, target: string, env: Record<string, string>): Promise<Run> {
  const ms = await kit(`${name} check`, checkArgs(target, join(OUT, name)), env);
  return { verdicts: verdictsIn(join(OUT, name)), seconds: seconds(ms) };
}

/** SHARDS checks of the second app, each a share of the tests, merged as docs/cli.md says (`check --shard`, then `merge`). */
async function shardedCheck(name: string, target: string, env: Record<string, string>): Promise<Run> {
  const blobs = join(OUT, `${name}-blobs`);
  mkdirSync(blobs, { recursive: true });
  let ms = 0;
  for (let index = 1; index <= SHARDS; index++) {
    const shardDir = join(OUT, `${name}-shard-${index}`);
    ms += await kit(`${name} check's shard ${index}/${SHARDS}`, checkArgs(target, shardDir, ["--shard", `${index}/${SHARDS}`]), env);
    for (const blob of readdirSync(join(shardDir, "blob"))) copyFileSync(join(shardDir, "blob", blob), join(blobs, blob));
  }
  ms += await kit(`${name} merge`, ["merge", blobs, "--report-dir", join(OUT, name), "--force"], env);
  return { verdicts: verdictsIn(join(OUT, name)), seconds: seconds(ms) };
}

/** How many shards the replayed run is split into. */
const SHARDS = 2;

interface HarFile {
  log: { version: string; creator: unknown; entries: { startedDateTime: string }[]; comment?: string };
}

/** The run servers' recordings as one HAR, in time order; a later entry wins a tie in replay, as in one recording. */
function mergeRecordings(dir: string): number {
  const files = readdirSync(dir).filter((file) => file.endsWith(".har"));
  if (files.length === 0) throw new Error(`no recording in ${relative(KIT_ROOT, dir)}: the recorded run's servers wrote no HAR`);
  const hars = files.map((file) => JSON.parse(readFileSync(join(dir, file), "utf8")) as HarFile);
  const comments = hars.flatMap((har) => (har.log.comment ? [har.log.comment] : []));
  if (comments.length > 0) console.warn(`[replay] A recording left exchanges out: ${comments.join("; ")}`);
  const entries = hars.flatMap((har) => har.log.entries).sort((a, b) => a.startedDateTime.localeCompare(b.startedDateTime));
  if (entries.length > MAX_HAR_ENTRIES) throw new Error(`the recordings hold ${entries.length} entries, more than the ${MAX_HAR_ENTRIES} a HAR to replay may`);
  writeFileSync(MERGED, JSON.stringify({ log: { ...hars[0]?.log, entries } }));
  console.log(`[replay] Merged ${files.length} recording(s) into ${relative(KIT_ROOT, MERGED)}: ${entries.length} entries.`);
  return entries.length;
}

const failingTitles = (verdicts: readonly ClauseVerdict[]) =>
  new Set(verdicts.flatMap((verdict) => verdict.tests.filter((test) => test.outcome !== "passed").map((test) => `${test.title}: ${test.outcome}`)));

/** Prints both runs' verdicts side by side and returns the differences. */
function compare(recorded: Run, replayed: Run): string[] {
  const byId = new Map(replayed.verdicts.map((verdict) => [verdict.id, verdict]));
  const differences: string[] = [];
  console.log("\nClause   Recorded run (required / recommended)   Replayed run (required / recommended)");
  for (const verdict of recorded.verdicts) {
    const other = byId.get(verdict.id);
    const left = `${verdict.required} / ${verdict.recommended}`;
    const right = other ? `${other.required} / ${other.recommended}` : "missing";
    console.log(`${verdict.id.padEnd(8)} ${left.padEnd(39)} ${right}${left === right ? "" : "   <- differs"}`);
    if (left !== right) differences.push(`${verdict.id}: recorded run ${left}, replayed run ${right}`);
  }
  for (const id of byId.keys()) if (!recorded.verdicts.some((verdict) => verdict.id === id)) differences.push(`${id}: only in the replayed run`);
  const before = failingTitles(recorded.verdicts);
  const after = failingTitles(replayed.verdicts);
  for (const title of before) if (!after.has(title)) differences.push(`only in the recorded run: ${title}`);
  for (const title of after) if (!before.has(title)) differences.push(`only in the replayed run: ${title}`);
  return differences;
}

/** The recorded run: the package step's (already made, `--from-package`) or one made here. */
async function recordedRun(fromPackage: boolean): Promise<{ recorded: Run; target: string; recordings: string }> {
  if (fromPackage) {
    if (!existsSync(PACKAGE_VERDICTS) || !existsSync(PACKAGE_RECORDINGS))
      throw new Error(
        `--from-package needs the package step's recorded check of the second app (${relative(KIT_ROOT, PACKAGE_RECORDING)}), and there is none: run 'npm run check:package' first, or leave --from-package out to record here`,
      );
    const { verdicts } = JSON.parse(readFileSync(PACKAGE_VERDICTS, "utf8")) as { verdicts: ClauseVerdict[] };
    console.log(`[replay] The recorded run is the package step's check of ${app.name} (${relative(KIT_ROOT, PACKAGE_RECORDING)}).`);
    // Nothing listens at this address: the replayed run's servers answer from the HAR alone.
    return { recorded: { verdicts, seconds: 0 }, target: "http://127.0.0.1:9", recordings: PACKAGE_RECORDINGS };
  }
  await app.prepare();
  const upstream = await forkListening(app.serveScript, ["--port", "0"], { name: `the ${app.name} server`, timeoutMs: app.startTimeoutMs });
  try {
    console.log(`[replay] Checking ${app.name} at ${upstream.origin} through the mock server, recording.`);
    const recorded = await check("recorded", upstream.origin, { [ENV.recordDir]: RECORD_DIR });
    return { recorded, target: upstream.origin, recordings: RECORD_DIR };
  } finally {
    await upstream.stop();
    console.log(`[replay] Stopped ${app.name}; ${upstream.origin} answers nothing now.`);
  }
}

async function main(): Promise<0 | 1 | 2> {
  stopWhenOrphaned();
  const fromPackage = process.argv.slice(2).includes(FROM_PACKAGE);
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(RECORD_DIR, { recursive: true });
  const { recorded, target, recordings } = await recordedRun(fromPackage);
  mergeRecordings(recordings);
  console.log(`[replay] Checking ${app.name} again from the recording alone, in ${SHARDS} shards merged into one report.`);
  const replayed = await shardedCheck("replayed", target, { [ENV.replay]: MERGED });
  const differences = compare(recorded, replayed);
  // Beside the comparison, each run against the app's record, so a drift of the suite itself shows as that, not as replay's.
  compareWithRecord(`${app.name}, replayed run`, join(OUT, "replayed"), join(KIT_ROOT, app.record));
  if (!fromPackage) compareWithRecord(`${app.name}, recorded run`, join(OUT, "recorded"), join(KIT_ROOT, app.record));
  console.log(`\n[replay] Recorded run ${fromPackage ? "the package step's" : `${recorded.seconds} s`}, replayed run ${replayed.seconds} s.`);
  if (differences.length > 0) {
    console.error(`[replay] The replayed run's verdicts differ:\n${differences.map((line) => `  - ${line}`).join("\n")}`);
    return 1;
  }
  console.log(`[replay] The verdicts are the same, clause by clause (${recorded.verdicts.length} clauses, both levels), and so are the failing tests.`);
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`[replay] Failed to run: ${(error as Error).message}.`);
  process.exitCode = 2;
}
