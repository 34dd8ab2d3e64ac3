/**
 * `npm run bench:check`: how long checking an app takes a user, against a floor measured in the same
 * run. Each app (examples/<name>, prepared and served once) is checked with `cli/check.ts --target …
 * --profile …` over the whole suite; the floor is the same command on the second app with only
 * specs/floor.spec.ts (start-up, the proxy, one browser context, one page): what any check costs
 * before its first clause. Floors and checks alternate so load drifting on a shared machine lands on
 * all of them. Goals, as ratios of the same run: the second app's check ≤ 8× the floor; the prompt
 * app's (15 expected failures, a reload to take control) no slower than the second app's; the
 * Next.js app's ≤ 1.5× the second app's.
 *
 * Flags: --runs N (default 1; a check is about a minute), --workers N (default 2),
 * --apps a,b (default second-app,prompt-app,next-app; the second app is always measured),
 * --part <spec file> (also time a check of that spec alone on each app, e.g. specs/updates.spec.ts:
 * what its tests add to the app's check is that check less the floor), --breakdown (then one more
 * run of each app's suite with a reporter that splits its test time into set-up, bodies and teardown,
 * and the time between tests: what a check would take if only the bodies cost anything; and each
 * other app's test time against the second app's, over the tests both ran and those only it ran).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NEXT_APP_FIXTURE } from "../examples/next-app/fixture.ts";
import { PROMPT_APP_FIXTURE } from "../examples/prompt-app/fixture.ts";
import { SECOND_APP_FIXTURE } from "../examples/second-app/fixture.ts";
import { PLAYWRIGHT_CLI } from "../kit/kitPaths.ts";
import { forkListening, type Listening } from "../mock-server/process/forkListening.ts";
import type { FixtureApp } from "../scripts/exampleApps/checkRecordedApp.ts";
import { runCommand } from "../scripts/runCommand.mjs";
import { ROOT } from "./internal/bundleSize.ts";
import { readFlags } from "./internal/flags.ts";
import { ms, printGoal, printMachine, printTable, ratio } from "./internal/report.ts";
import { median } from "./internal/stats.ts";
import type { TimeBreakdown } from "./internal/timeBreakdownReporter.ts";

const FIXTURES: Record<string, FixtureApp> = { "second-app": SECOND_APP_FIXTURE, "prompt-app": PROMPT_APP_FIXTURE, "next-app": NEXT_APP_FIXTURE };
/** Each goal: an app's check against the second app's (or the floor's), at most this ratio. */
const GOALS: Record<string, { limit: number; why: string }> = {
  "second-app": { limit: 8, why: "the second app's check / the floor" },
  "prompt-app": { limit: 1, why: "the prompt app's check / the second app's" },
  "next-app": { limit: 1.5, why: "the Next.js app's check / the second app's" },
};

const {
  values: flags,
  usage,
  wholeNumber,
} = readFlags(
  "bench:check",
  `npm run bench:check -- [--runs N] [--workers N] [--apps ${Object.keys(FIXTURES).join(",")}] [--part specs/<file>.spec.ts] [--breakdown]`,
  {
    runs: { type: "string", default: "1" },
    workers: { type: "string", default: "2" },
    apps: { type: "string", default: Object.keys(FIXTURES).join(",") },
    part: { type: "string" },
    breakdown: { type: "boolean", default: false },
  },
);
const runs = wholeNumber("runs", 1, 20);
const workers = wholeNumber("workers", 1, 8);
const unknown = flags.apps.split(",").filter((name) => !(name in FIXTURES));
if (unknown.length > 0) usage(`--apps names ${unknown.map((name) => `'${name}'`).join(", ")}; the apps are ${Object.keys(FIXTURES).join(", ")}.`);
const names = ["second-app", ...new Set(flags.apps.split(",").filter((name) => name !== "second-app"))];
const part = flags.part;
if (part !== undefined && !(/^specs\/[\w.-]+\.spec\.ts$/.test(part) && existsSync(join(ROOT, part)))) {
  usage(`--part must name a spec file of the suite, e.g. specs/updates.spec.ts, not '${part}'.`);
}

printMachine(`bench:check (${names.join(", ")}; --runs ${runs}, --workers ${workers})`);
const reports = mkdtempSync(join(tmpdir(), "pck-bench-check-"));
const servers = new Map<string, Listening>();

/**
 * The floor's one test. Run without the probe (`--no-deps`): the floor is what any check costs before
 * it learns anything of the app, the same measure as before the probe existed; what the probe costs
 * an app is part of that app's check.
 */
const FLOOR_SPEC = "specs/floor.spec.ts";

/** Wall time of one check; `only` limits it to some spec files. Exit codes 0, 1 and 3 are all verdicts. */
async function timeCheck(name: string, label: string, only: readonly string[]): Promise<number> {
  const fixture = FIXTURES[name] as FixtureApp;
  const server = servers.get(name) as Listening;
  const args = ["--target", server.origin, "--profile", fixture.profile, "--report-dir", join(reports, label)];
  const {
    code,
    ms: wall,
    output,
  } = await runCommand(
    process.execPath,
    [
      "--import",
      "tsx",
      join(ROOT, "cli", "check.ts"),
      ...args,
      "--",
      ...only,
      ...(only.includes(FLOOR_SPEC) ? ["--no-deps"] : []),
      "--workers",
      String(workers),
    ],
    {
      cwd: ROOT,
      quiet: true,
    },
  );
  if (![0, 1, 3].includes(code)) throw new Error(`The ${label} check exited ${code}:\n${output}`);
  return wall;
}

const BREAKDOWN_REPORTER = join(ROOT, "bench", "internal", "timeBreakdownReporter.ts");

/**
 * One more run of the app's suite as a check runs it (PCK_TARGET, its profile), straight through
 * Playwright with the breakdown reporter in place of the check's reporters: a diagnosis, not a timing.
 */
async function breakdownOf(name: string): Promise<TimeBreakdown> {
  const fixture = FIXTURES[name] as FixtureApp;
  const out = join(reports, `${name}-breakdown.json`);
  const { code, output } = await runCommand(process.execPath, [PLAYWRIGHT_CLI, "test", "--workers", String(workers), "--reporter", BREAKDOWN_REPORTER], {
    cwd: ROOT,
    quiet: true,
    env: { ...process.env, PCK_TARGET: (servers.get(name) as Listening).origin, PCK_PROFILE: fixture.profile, PCK_BENCH_BREAKDOWN: out },
  });
  if (![0, 1].includes(code) || !existsSync(out)) throw new Error(`The ${name} breakdown run exited ${code}:\n${output}`);
  return JSON.parse(readFileSync(out, "utf8")) as TimeBreakdown;
}

const floors: number[] = [];
const breakdowns = new Map<string, TimeBreakdown>();
const checks = new Map<string, number[]>(names.map((name) => [name, []]));
const parts = new Map<string, number[]>(names.map((name) => [name, []]));
try {
  for (const name of names) {
    const fixture = FIXTURES[name] as FixtureApp;
    console.log(`preparing and serving ${name}…`);
    await fixture.prepare();
    servers.set(
      name,
      await forkListening(fixture.serveScript, ["--port", "0"], { name: `the ${name} server`, timeoutMs: fixture.startTimeoutMs, quiet: true }),
    );
  }
  floors.push(await timeCheck("second-app", "floor-0", [FLOOR_SPEC]));
  for (let run = 1; run <= runs; run++) {
    for (const name of names) {
      console.log(`run ${run} of ${runs}: ${name}…`);
      checks.get(name)?.push(await timeCheck(name, `${name}-${run}`, []));
      if (part !== undefined) parts.get(name)?.push(await timeCheck(name, `${name}-part-${run}`, [part]));
    }
    floors.push(await timeCheck("second-app", `floor-${run}`, [FLOOR_SPEC]));
  }
  if (flags.breakdown) {
    for (const name of names) {
      console.log(`breakdown: ${name}…`);
      breakdowns.set(name, await breakdownOf(name));
    }
  }
} finally {
  await Promise.all([...servers.values()].map((server) => server.stop()));
  rmSync(reports, { recursive: true, force: true });
}

const floor = median(floors);
const medians = new Map(names.map((name) => [name, median(checks.get(name) ?? [])]));
const second = medians.get("second-app") as number;
printTable(
  ["", "median ms", "runs (ms)"],
  [
    ["floor (floor.spec.ts only)", ms(floor), floors.map(ms).join(" ")],
    ...names.map((name) => [`${name} check`, ms(medians.get(name) ?? 0), (checks.get(name) ?? []).map(ms).join(" ")]),
  ],
);
console.log(`\nsecond-app check / floor: ${ratio(second / floor)}; the suite's own work beyond start-up: ${ms(second - floor)} ms`);
if (part !== undefined) {
  console.log(`\nWhat ${part} adds to each app's check (a check of it alone, less the floor):`);
  printTable(
    ["", "median ms", "adds ms", "share of the check", "runs (ms)"],
    names.map((name) => {
      const alone = median(parts.get(name) ?? []);
      const whole = medians.get(name) ?? 0;
      return [name, ms(alone), ms(alone - floor), ratio((alone - floor) / whole), (parts.get(name) ?? []).map(ms).join(" ")];
    }),
  );
}
if (breakdowns.size > 0) printBreakdowns();

function printBreakdowns(): void {
  const s = (value: number) => (value / 1000).toFixed(1);
  const all = [...breakdowns.entries()];
  console.log(`\nWhere each check's time goes (one more run of each, straight through Playwright, ${workers} workers; seconds):`);
  const row = (label: string, pick: (b: TimeBreakdown) => number | string) => [label, ...all.map(([, b]) => pick(b))];
  printTable(
    ["", ...all.map(([name]) => name)],
    [
      row("Playwright's wall", (b) => s(b.wallMs)),
      row("tests that ran", (b) => b.tests),
      row("worker processes", (b) => b.workerProcesses),
      row("test time", (b) => s(b.testMs)),
      row("  set-up: fixtures, context, control", (b) => s(b.setupMs)),
      row("  bodies", (b) => s(b.bodyMs)),
      row("  teardown: traces, closing", (b) => s(b.teardownMs)),
      row("between tests, all slots (new workers)", (b) => s(b.betweenTestsMs)),
      row("before the first test", (b) => s(b.beforeFirstTestMs)),
    ],
  );
  const second = breakdowns.get("second-app");
  if (second) {
    const bound = floor + second.bodyMs / workers;
    console.log(
      `\nsecond-app, were set-up, teardown and new workers free: the floor + its bodies / ${workers} workers = ${ms(bound)} ms, ${ratio(bound / floor)} × the floor`,
    );
    console.log("its longest bodies (ms):");
    for (const body of second.longestBodies) console.log(`  ${ms(body.bodyMs).padStart(6)}  ${body.status.padEnd(7)} ${body.title}`);
    for (const [name, other] of all) if (name !== "second-app") printAgainstSecond(name, other, second);
  }
}

/**
 * One app's test time against the second app's: over the tests both ran (what each test costs on
 * this app), and the tests only this app's profile made apply (how many more it has to run).
 */
function printAgainstSecond(name: string, other: TimeBreakdown, second: TimeBreakdown): void {
  const secondTimes = new Map(second.testTimes.map((test) => [test.title, test.durationMs]));
  const shared = other.testTimes.filter((test) => secondTimes.has(test.title));
  const only = other.testTimes.filter((test) => !secondTimes.has(test.title));
  const total = (tests: readonly { durationMs: number }[]) => tests.reduce((sum, test) => sum + test.durationMs, 0);
  const here = total(shared);
  const there = shared.reduce((sum, test) => sum + (secondTimes.get(test.title) ?? 0), 0);
  console.log(
    `\n${name} against second-app: the ${shared.length} tests both ran took ${(here / 1000).toFixed(1)} s here and ${(there / 1000).toFixed(1)} s there (${ratio(here / there)}); ` +
      `${only.length} tests ran here only, ${(total(only) / 1000).toFixed(1)} s (${second.testTimes.length - shared.length} ran there only)`,
  );
}

let met = true;
for (const name of names) {
  const goal = GOALS[name] as { limit: number; why: string };
  const base = name === "second-app" ? floor : second;
  met = printGoal({ name: goal.why, ratio: (medians.get(name) ?? 0) / base, limit: goal.limit, direction: "at most" }) && met;
}
if (!met) process.exitCode = 1;
