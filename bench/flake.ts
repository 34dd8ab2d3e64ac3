/**
 * `npm run flake`: the whole Playwright suite ten times over on two workers (`--repeat-each=10
 * --workers=2`, retries stay 0), then the executions, the failures, and every failing test with its
 * first error line. Exits 1 on any failure. A flake is fixed at its cause, never retried away.
 *
 * Flags: --repeat-each N (default 10), --workers N (default 2), --report FILE (count an earlier
 * run's JSON report instead), --save FILE (keep this run's JSON report).
 */

import { readFlags } from "./internal/flags.ts";
import { executions, type JsonReport, reportFromFlags } from "./internal/playwrightReport.ts";
import { printMachine, printTable } from "./internal/report.ts";

const { values: flags } = readFlags("flake", "npm run flake -- [--repeat-each N] [--workers N] [--report file.json] [--save file.json]", {
  "repeat-each": { type: "string", default: "10" },
  workers: { type: "string", default: "2" },
  report: { type: "string" },
  save: { type: "string" },
});

const report = (): Promise<JsonReport> => reportFromFlags(flags);

printMachine(`flake (${flags.report ? `report ${flags.report}` : `--repeat-each=${flags["repeat-each"]} --workers=${flags.workers}`})`);
const started = performance.now();
const result = await report();
const all = executions(result);
const failed = all.filter((execution) => !execution.ok);
const failingTests = new Map<string, number>();
for (const execution of failed) failingTests.set(execution.test, (failingTests.get(execution.test) ?? 0) + 1);

console.log(
  `\nexecutions ${all.length}, failures ${failed.length}, tests ${new Set(all.map((e) => e.test)).size}, ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
for (const error of result.errors) console.log(`suite error: ${error.message?.split("\n")[0]}`);
if (failingTests.size > 0) {
  printTable(
    ["failing test", "failures"],
    [...failingTests].map(([test, failures]) => [test, failures]),
  );
  for (const execution of failed) console.log(`${execution.status} ${execution.test} (${execution.file}:${execution.line}): ${execution.error}`);
}
if (failed.length > 0 || result.errors.length > 0 || all.length === 0) process.exitCode = 1;
