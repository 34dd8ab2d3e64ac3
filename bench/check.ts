/**
 * `npm run bench:check`: how long checking one app takes a user, against a floor measured in the
 * same run. The app is the second app (examples/second-app), served once; each repetition times
 * `cli/check.ts --target … --profile …` over the whole suite, and the floor, the same command with
 * only specs/floor.spec.ts (start-up, the proxy, one browser context, one page): what any check
 * costs before its first clause. Floors and checks alternate so load drifting on a shared machine
 * lands on both. Goal: the whole check ≤ 90 s wall time with 2 workers.
 *
 * Flags: --runs N (default 1; each check is about a minute and a half), --workers N (default 2).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { forkListening } from "../mock-server/process/forkListening.ts";
import { npm, runCommand } from "../scripts/runCommand.mjs";
import { ROOT } from "./internal/bundleSize.ts";
import { ms, printGoal, printMachine, printTable, ratio } from "./internal/report.ts";
import { median } from "./internal/stats.ts";

const GOAL_S = 90;

function usage(message: string): never {
  process.stderr.write(`bench:check: ${message}\nUsage: npm run bench:check -- [--runs N] [--workers N]\n`);
  process.exit(2);
}

let flags: { runs: string; workers: string };
try {
  ({ values: flags } = parseArgs({ options: { runs: { type: "string", default: "1" }, workers: { type: "string", default: "2" } }, strict: true }));
} catch (error) {
  usage((error as Error).message);
}
const runs = Number(flags.runs);
const workers = Number(flags.workers);
if (!Number.isInteger(runs) || runs < 1 || runs > 20) usage(`--runs must be a whole number from 1 to 20, not '${flags.runs}'.`);
if (!Number.isInteger(workers) || workers < 1 || workers > 8) usage(`--workers must be a whole number from 1 to 8, not '${flags.workers}'.`);

printMachine(`bench:check (second app, --runs ${runs}, --workers ${workers})`);
const built = await runCommand(...npm("run", "build:second-app"), { cwd: ROOT, quiet: true });
if (built.code !== 0) usage(`npm run build:second-app failed:\n${built.output}`);
const app = await forkListening(join(ROOT, "examples", "second-app", "serve.ts"), ["--port", "0"], { name: "the second app", timeoutMs: 30_000, quiet: true });
const reports = mkdtempSync(join(tmpdir(), "pck-bench-check-"));

/** Wall time of one check; `only` limits it to some spec files. Exit codes 0, 1 and 3 are all verdicts. */
async function timeCheck(label: string, only: readonly string[]): Promise<number> {
  const args = ["--target", app.origin, "--profile", join(ROOT, "examples", "second-app", "profile.json"), "--report-dir", join(reports, label)];
  const {
    code,
    ms: wall,
    output,
  } = await runCommand(process.execPath, ["--import", "tsx", join(ROOT, "cli", "check.ts"), ...args, "--", ...only, "--workers", String(workers)], {
    cwd: ROOT,
    quiet: true,
  });
  if (![0, 1, 3].includes(code)) throw new Error(`The ${label} check exited ${code}:\n${output}`);
  return wall;
}

const floors: number[] = [];
const checks: number[] = [];
try {
  floors.push(await timeCheck("floor-0", ["specs/floor.spec.ts"]));
  for (let run = 1; run <= runs; run++) {
    checks.push(await timeCheck(`check-${run}`, []));
    floors.push(await timeCheck(`floor-${run}`, ["specs/floor.spec.ts"]));
  }
} finally {
  await app.stop();
  rmSync(reports, { recursive: true, force: true });
}

const floor = median(floors);
const check = median(checks);
printTable(
  ["", "median ms", "runs (ms)"],
  [
    ["floor (floor.spec.ts only)", ms(floor), floors.map(ms).join(" ")],
    ["whole check", ms(check), checks.map(ms).join(" ")],
  ],
);
console.log(`\ncheck / floor: ${ratio(check / floor)}; the suite's own work beyond start-up: ${ms(check - floor)} ms`);
const met = printGoal({ name: `whole check ≤ ${GOAL_S} s (as a fraction of ${GOAL_S} s)`, ratio: check / 1000 / GOAL_S, limit: 1, direction: "at most" });
if (!met) process.exitCode = 1;
