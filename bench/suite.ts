/**
 * `npm run bench:suite`: what each conformance test costs, as a multiple of the floor test
 * (specs/floor.spec.ts: open a page from the same server, check its title) measured in the same run.
 * Goal: every test ≤ 3× the floor's median. Durations are Playwright's own per-test times, fixtures
 * included, so a test that makes its fixtures slow pays for it.
 *
 * Flags: --repeat-each N (default 5; the medians need repetitions), --workers N (default 1: tests do
 * not compete for the 2 cores), --report FILE (read a JSON report from an earlier run instead of
 * running the suite), --save FILE (keep this run's JSON report).
 */

import { readFlags } from "./internal/flags.ts";
import { type Execution, executions, type JsonReport, reportFromFlags } from "./internal/playwrightReport.ts";
import { type Goal, ms, printGoal, printMachine, printTable, ratio } from "./internal/report.ts";
import { median } from "./internal/stats.ts";

const GOAL = 3;
const FLOOR_PREFIX = "floor:";

const { values: flags } = readFlags("bench:suite", "npm run bench:suite -- [--repeat-each N] [--workers N] [--report file.json] [--save file.json]", {
  "repeat-each": { type: "string", default: "5" },
  workers: { type: "string", default: "1" },
  report: { type: "string" },
  save: { type: "string" },
});

const report = (): Promise<JsonReport> => reportFromFlags(flags);

printMachine(`bench:suite (${flags.report ? `report ${flags.report}` : `--repeat-each=${flags["repeat-each"]} --workers=${flags.workers}`})`);
const all: Execution[] = executions(await report());
const failed = all.filter((execution) => !execution.ok);
const byTest = groupByTest(all);
const floorByPass = new Map(
  all.filter((execution) => execution.test.split(" › ").at(-1)?.startsWith(FLOOR_PREFIX)).map((execution) => [execution.repeat, execution.durationMs]),
);
if (floorByPass.size === 0) throw new Error(`Failed to find the floor test: no test title starts with '${FLOOR_PREFIX}'. Is specs/floor.spec.ts there?`);
const floor = median([...floorByPass.values()]);

// Each execution against the floor of its own pass: the machine's load drifts between passes (each
// takes minutes), and a pass-wide slowdown then cancels out instead of inflating every ratio.
const rows = [...byTest.entries()]
  .map(([test, runs]) => ({
    test,
    n: runs.length,
    median: median(runs.map((run) => run.durationMs)),
    ratio: median(runs.map((run) => run.durationMs / (floorByPass.get(run.repeat) ?? floor))),
  }))
  .sort((a, b) => b.ratio - a.ratio);
printTable(
  ["test", "n", "median ms", "median × floor of its pass"],
  rows.map((row) => [row.test, row.n, ms(row.median), ratio(row.ratio)]),
);
const total = all.reduce((sum, execution) => sum + execution.durationMs, 0);
const over = rows.filter((row) => row.ratio > GOAL);
console.log(
  `\nfloor median ${ms(floor)} ms (per pass: ${[...floorByPass.values()].map(ms).join(", ")}); ${rows.length} tests, ${all.length} executions, ${failed.length} failed; ` +
    `sum of test times ${(total / 1000).toFixed(1)} s; ${over.length} tests over ${GOAL}× the floor`,
);
for (const execution of failed) console.log(`FAILED ${execution.test}: ${execution.error}`);
printGoal({ name: `slowest test ≤ ${GOAL}× the floor`, ratio: rows[0]?.ratio ?? 0, limit: GOAL, direction: "at most" } satisfies Goal);

/** Executions per test, in first-seen order (Map.groupBy needs Node 21). */
function groupByTest(executions: readonly Execution[]): Map<string, Execution[]> {
  const groups = new Map<string, Execution[]>();
  for (const execution of executions) groups.set(execution.test, [...(groups.get(execution.test) ?? []), execution]);
  return groups;
}
