/**
 * `node --import tsx scripts/sameVerdicts.ts [--apps a,b] [--modes m,n] [--repeat N]`: a verdict must
 * not depend on the run. For each app (the reference, and each example app served as its check
 * serves it), the suite runs as a whole, with its tests in a shuffled order (Playwright's `--shuffle`),
 * as two shards merged (`check --shard`, then `merge`), and once per clause alone (`--grep`, as an
 * editor's "run test" does); each run's verdicts, both levels of every clause and the failing tests,
 * must equal the whole run's, and an example app's whole run must match its by-hand record. Not a
 * step of `npm test` (about half an hour per app and repetition on 2 cores): run it after a change
 * to the suite's machinery. Exit 0 when every run agrees, 1 when one does not, 2 on bad flags or
 * when a run could not happen (a check that wrote no report: its output's end is printed).
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readFlags } from "../bench/internal/flags.ts";
import type { ClauseVerdict } from "../cli/report/verdicts.ts";
import { ANGULAR_APP_FIXTURE } from "../examples/angular-app/fixture.ts";
import { NEXT_APP_FIXTURE } from "../examples/next-app/fixture.ts";
import { PROMPT_APP_FIXTURE } from "../examples/prompt-app/fixture.ts";
import { SECOND_APP_FIXTURE } from "../examples/second-app/fixture.ts";
import { SERWIST_WEBPACK_APP_FIXTURE } from "../examples/serwist-webpack-app/fixture.ts";
import { SVELTEKIT_APP_FIXTURE } from "../examples/sveltekit-app/fixture.ts";
import { KIT_ROOT } from "../kit/kitPaths.ts";
import { forkListening, type Listening } from "../mock-server/process/forkListening.ts";
import type { FixtureApp } from "./exampleApps/checkRecordedApp.ts";
import { compareWithRecord } from "./exampleApps/checkRecordedApp.ts";
import { runCommand } from "./runCommand.mjs";

const FIXTURES: Record<string, FixtureApp | null> = {
  reference: null,
  "second-app": SECOND_APP_FIXTURE,
  "prompt-app": PROMPT_APP_FIXTURE,
  "next-app": NEXT_APP_FIXTURE,
  "serwist-webpack-app": SERWIST_WEBPACK_APP_FIXTURE,
  "angular-app": ANGULAR_APP_FIXTURE,
  "sveltekit-app": SVELTEKIT_APP_FIXTURE,
};
const MODES = ["full", "shuffled", "shards", "clauses"] as const;
type Mode = (typeof MODES)[number];

const {
  values: flags,
  usage,
  wholeNumber,
} = readFlags(
  "sameVerdicts",
  `node --import tsx scripts/sameVerdicts.ts [--apps ${Object.keys(FIXTURES).join(",")}] [--modes ${MODES.join(",")}] [--repeat N]`,
  {
    apps: { type: "string", default: Object.keys(FIXTURES).join(",") },
    modes: { type: "string", default: MODES.join(",") },
    repeat: { type: "string", default: "2" },
  },
);
const repeat = wholeNumber("repeat", 1, 10);
const apps = flags.apps.split(",");
const unknownApps = apps.filter((name) => !(name in FIXTURES));
if (unknownApps.length > 0) usage(`--apps names ${unknownApps.join(", ")}; the apps are ${Object.keys(FIXTURES).join(", ")}.`);
const modes = flags.modes.split(",") as Mode[];
const unknownModes = modes.filter((mode) => !MODES.includes(mode));
if (unknownModes.length > 0) usage(`--modes names ${unknownModes.join(", ")}; the modes are ${MODES.join(", ")}.`);

const work = mkdtempSync(join(tmpdir(), "pck-same-verdicts-"));
let runs = 0;

/** One `check` of the app; resolves with its report directory. */
async function check(app: string, origin: string | undefined, own: readonly string[], playwright: readonly string[]): Promise<string> {
  runs += 1;
  const reportDir = join(work, `${app}-${runs}`);
  const fixture = FIXTURES[app];
  const target = origin && fixture ? ["--target", origin, "--profile", fixture.profile] : [];
  const { code, output } = await runCommand(
    process.execPath,
    [
      "--import",
      "tsx",
      join(KIT_ROOT, "cli", "check.ts"),
      ...target,
      "--level",
      "recommended",
      "--report-dir",
      reportDir,
      ...own,
      "--",
      "--workers",
      "2",
      ...playwright,
    ],
    { cwd: KIT_ROOT, quiet: true },
  );
  const run = `check ${[...own, ...playwright].join(" ") || "(the whole run)"} of ${app}`;
  if (![0, 1, 3].includes(code)) throw new Error(`${run} exited ${code}:\n${output.slice(-2_000)}`);
  // A shard writes its blob for the merge; every other run its report.
  const written = own.includes("--shard") ? "blob" : "conformance.json";
  if (!existsSync(join(reportDir, written))) throw new Error(`${run} exited ${code} and wrote no ${written}:\n${output.slice(-2_000)}`);
  return reportDir;
}

async function merged(app: string, reportDirs: readonly string[]): Promise<string> {
  const blobs = join(work, `${app}-blobs-${runs}`);
  mkdirSync(blobs);
  for (const dir of reportDirs) for (const name of readdirSync(join(dir, "blob"))) copyFileSync(join(dir, "blob", name), join(blobs, name));
  const reportDir = join(work, `${app}-merged-${runs}`);
  const { code, output } = await runCommand(
    process.execPath,
    ["--import", "tsx", join(KIT_ROOT, "cli", "main.ts"), "merge", blobs, "--report-dir", reportDir],
    {
      cwd: KIT_ROOT,
      quiet: true,
    },
  );
  if (![0, 1, 3].includes(code) || !existsSync(join(reportDir, "conformance.json")))
    throw new Error(`merge of ${app}'s shards exited ${code}${[0, 1, 3].includes(code) ? " and wrote no conformance.json" : ""}:\n${output.slice(-2_000)}`);
  return reportDir;
}

const verdictsIn = (reportDir: string): ClauseVerdict[] =>
  (JSON.parse(readFileSync(join(reportDir, "conformance.json"), "utf8")) as { verdicts: ClauseVerdict[] }).verdicts;

/** A clause's verdict at both levels and its tests' outcomes, as one comparable line each. */
function summaryOf(clause: ClauseVerdict): string[] {
  return [
    `${clause.id}: required ${clause.required}, recommended ${clause.recommended}`,
    ...clause.tests.map(
      (test) => `${clause.id} · ${test.title}: ${test.outcome}${test.outcome === "passed" || test.outcome === "failed" ? "" : ` (${test.detail})`}`,
    ),
  ];
}

/** Where `run` differs from `whole`, over the clauses `only` names (all when undefined). */
function differences(whole: readonly ClauseVerdict[], run: readonly ClauseVerdict[], only?: string): string[] {
  const lines = (verdicts: readonly ClauseVerdict[]) => new Set(verdicts.filter((v) => only === undefined || v.id === only).flatMap(summaryOf));
  const [a, b] = [lines(whole), lines(run)];
  return [
    ...[...a].filter((line) => !b.has(line)).map((line) => `whole run: ${line}`),
    ...[...b].filter((line) => !a.has(line)).map((line) => `this run:  ${line}`),
  ];
}

const problems: string[] = [];
const table: string[] = [];
try {
  await compareAllRuns();
} catch (error) {
  // A run that did not happen says nothing about the verdicts: what was compared so far, then why.
  console.log(`\n${table.join("\n")}`);
  console.error(`\nsameVerdicts: a run could not happen, so the comparison stopped (no verdict on the suite): ${(error as Error).message}`);
  process.exit(2);
}
console.log(`\n${table.join("\n")}`);
if (problems.length > 0) {
  console.log(`\nThe verdicts depend on the run:\n${problems.map((line) => `- ${line}`).join("\n")}`);
  process.exitCode = 1;
} else console.log("\nEvery run gave the same verdicts.");

async function compareAllRuns(): Promise<void> {
  try {
    for (const app of apps) {
      const fixture = FIXTURES[app] ?? null;
      let server: Listening | undefined;
      if (fixture) {
        console.log(`[${app}] preparing and serving…`);
        await fixture.prepare();
        server = await forkListening(fixture.serveScript, ["--port", "0"], { name: `the ${app} server`, timeoutMs: fixture.startTimeoutMs, quiet: true });
      }
      try {
        for (let rep = 1; rep <= repeat; rep++) {
          const started = Date.now();
          console.log(`[${app}] repetition ${rep}: the whole run…`);
          const whole = await check(app, server?.origin, [], []);
          if (fixture && compareWithRecord(app, whole, join(KIT_ROOT, fixture.record)) !== 0)
            problems.push(`${app} #${rep}: the whole run differs from ${fixture.record} (above)`);
          const wholeVerdicts = verdictsIn(whole);
          const agree = (mode: string, found: string[]) => {
            table.push(`${app} #${rep} ${mode}: ${found.length === 0 ? "same" : `${found.length} difference(s)`}`);
            problems.push(...found.map((line) => `${app} #${rep} ${mode}: ${line}`));
          };
          if (modes.includes("shuffled")) {
            console.log(`[${app}] shuffled…`);
            agree(`shuffled (seed ${rep})`, differences(wholeVerdicts, verdictsIn(await check(app, server?.origin, [], ["--shuffle", String(rep)]))));
          }
          if (modes.includes("shards")) {
            console.log(`[${app}] two shards, merged…`);
            const shards = [await check(app, server?.origin, ["--shard", "1/2"], []), await check(app, server?.origin, ["--shard", "2/2"], [])];
            agree("two shards merged", differences(wholeVerdicts, verdictsIn(await merged(app, shards))));
          }
          if (modes.includes("clauses")) {
            const found: string[] = [];
            for (const clause of wholeVerdicts.filter((v) => v.tests.length > 0)) {
              console.log(`[${app}] ${clause.id} alone…`);
              found.push(...differences(wholeVerdicts, verdictsIn(await check(app, server?.origin, [], ["--grep", `${clause.id}\\b`])), clause.id));
            }
            agree("each clause alone", found);
          }
          console.log(`[${app}] repetition ${rep} took ${Math.round((Date.now() - started) / 1000)} s`);
        }
      } finally {
        await server?.stop();
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
