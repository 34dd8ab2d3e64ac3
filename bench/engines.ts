/**
 * `npm run bench:engines`: what the clause checks cost in Firefox and WebKit, against the same engine
 * specs (specs/engines/) run in Chromium through kit/engines in the same run (project
 * `chromium engine specs`), on the reference app. Each engine test's time is divided by the same
 * test's time in Chromium in its pass, so the machine's drift between passes cancels out. Tests an
 * engine does not check (WebKit's feature-less REG-1, its statuses) end at once and are left out of
 * the ratios, and counted. No goal: the figures go to docs/performance.md.
 *
 * Flags: --repeat-each N (default 2), --workers N (default 2, as CI), --report FILE (a JSON report of
 * an earlier run), --save FILE (keep this run's).
 */

import { writeFileSync } from "node:fs";
import { ENV } from "../kit/env.mjs";
import { readFlags } from "./internal/flags.ts";
import { type Execution, executions, type JsonReport, readReport, runSuite } from "./internal/playwrightReport.ts";
import { ms, printMachine, printTable, ratio } from "./internal/report.ts";
import { median } from "./internal/stats.ts";

const CONTROL = "chromium engine specs";
const ENGINES = ["firefox", "webkit"] as const;

const { values: flags } = readFlags("bench:engines", "npm run bench:engines -- [--repeat-each N] [--workers N] [--report file.json] [--save file.json]", {
  "repeat-each": { type: "string", default: "2" },
  workers: { type: "string", default: "2" },
  report: { type: "string" },
  save: { type: "string" },
});

async function report(): Promise<JsonReport> {
  if (flags.report) return readReport(flags.report);
  process.env[ENV.engines] = `chromium,${ENGINES.join(",")}`;
  const projects = [CONTROL, ...ENGINES].flatMap((project) => ["--project", project]);
  const run = await runSuite([...projects, `--repeat-each=${flags["repeat-each"]}`, `--workers=${flags.workers}`]);
  if (flags.save) writeFileSync(flags.save, `${JSON.stringify(run.report)}\n`);
  return run.report;
}

printMachine(`bench:engines (${flags.report ? `report ${flags.report}` : `--repeat-each=${flags["repeat-each"]} --workers=${flags.workers}`})`);
const all = executions(await report()).filter((execution) => execution.project !== "probe");
const key = (execution: Execution) => `${execution.test}#${execution.repeat}`;
const inChromium = new Map(
  all.filter((execution) => execution.project === CONTROL && execution.status === "passed").map((execution) => [key(execution), execution]),
);
if (inChromium.size === 0) throw new Error(`Failed to compare: no test of '${CONTROL}' passed. Are the engine specs there (specs/engines/)?`);

const rows = ENGINES.map((engine) => {
  const runs = all.filter((execution) => execution.project === engine);
  const judged = runs.filter((execution) => execution.status === "passed" || execution.status === "failed");
  const paired = judged.flatMap((execution) => {
    const chromium = inChromium.get(key(execution));
    return chromium ? [{ engine: execution.durationMs, chromium: chromium.durationMs }] : [];
  });
  const engineSum = paired.reduce((sum, pair) => sum + pair.engine, 0);
  const chromiumSum = paired.reduce((sum, pair) => sum + pair.chromium, 0);
  return {
    engine,
    tests: paired.length,
    skipped: runs.filter((execution) => execution.status === "skipped").length,
    failed: runs.filter((execution) => execution.status !== "passed" && execution.status !== "skipped").length,
    engineSum,
    chromiumSum,
    sumRatio: chromiumSum === 0 ? Number.NaN : engineSum / chromiumSum,
    medianRatio: median(paired.map((pair) => pair.engine / pair.chromium)),
  };
});
printTable(
  ["engine", "tests paired", "not checked", "failed", "sum ms", "Chromium's sum ms", "sum × Chromium's", "median test × Chromium's"],
  rows.map((row) => [row.engine, row.tests, row.skipped, row.failed, ms(row.engineSum), ms(row.chromiumSum), ratio(row.sumRatio), ratio(row.medianRatio)]),
);
for (const execution of all.filter((execution) => execution.status === "failed" || execution.status === "timedOut"))
  console.log(`FAILED [${execution.project}] ${execution.test}: ${execution.error}`);
