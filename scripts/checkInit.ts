/**
 * `npm test` step for `init`: `node --import tsx scripts/checkInit.ts [-- <playwright args>]`.
 * Runs init against the reference app and the prompt app (vite-plugin-pwa's default setup, an
 * app-shell worker that does not claim clients), and checks what it writes:
 * 1. the starter profile validates against the profile schema;
 * 2. each field init found equals the hand-written profile's (cli/profile/reference.json,
 *    examples/prompt-app/profile.json) — fields init lists under "Could not find" are not compared;
 * 3. the same verdicts: init cannot see everything (the 403/401/500 pages, what throws, the
 *    worker's network timeout, URLs that must not be stored), so exactly the fields its "Could not
 *    find" list names are filled in from the hand-written profile — nothing else — and a
 *    conformance run with that profile must give the same per-clause verdicts and failing tests as
 *    the hand-written one: the prompt app's record (docs/prompt-app.md), and for the reference a
 *    run with reference.json, both through the proxy (target mode).
 * Exit code 0 when all agree, 1 when something differs, 2 when a run could not happen.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { missingFieldsIn } from "../cli/init/profileNotes.ts";
import { loadProfile } from "../cli/profile/loadProfile.ts";
import type { ClauseVerdict } from "../cli/report/verdicts.ts";
import { KIT_ROOT } from "../kit/kitPaths.ts";
import { forkListening } from "../mock-server/process/forkListening.ts";
import { startMockServer } from "../specs/support/mockServerProcess.ts";
import { checkRecordedApp, playwrightArgsFrom } from "./exampleApps/checkRecordedApp.ts";
import { type RecordedVerdicts, verdictDrift } from "./exampleApps/recordedVerdicts.ts";
import { withFieldsFrom } from "./exampleApps/withFieldsFrom.ts";
import { runCommand, stopWhenOrphaned } from "./runCommand.mjs";

const ROOT = KIT_ROOT;
const OUT = join(ROOT, "test-results", "init");
const REFERENCE_PROFILE = join(ROOT, "cli", "profile", "reference.json");
const PROMPT_APP = join(ROOT, "examples", "prompt-app");
const PROMPT_APP_PROFILE = join(PROMPT_APP, "profile.json");
/** The static host starts in well under a second; generous for a busy 2-core CI machine. */
const PROMPT_APP_START_TIMEOUT_MS = 30_000;

/** What init finds: each must equal the hand-written profile's unless init lists it as missing. */
const DISCOVERED_FIELDS = [
  "basePath",
  "home",
  "worker.script",
  "worker.scope",
  "pages",
  "navigate",
  "inside",
  "data",
  "offline",
  "fallbacks.notFound.text",
  "reloadsOnOnline",
  "onlineSettleMs",
  "update.activation",
  "update.accept",
  "install.startHeading",
];
/** Found too, but a starter need not match the hand-written choice: shown, not compared. */
const SHOWN_FIELDS = ["name", "outside", "fallbacks.notFound.path"];

type Json = Record<string, unknown>;
const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Json;

function valueAt(object: unknown, field: string): unknown {
  return field.split(".").reduce<unknown>((current, key) => (current as Json | undefined)?.[key], object);
}

/** Runs init as a person would; resolves with the profile it wrote and the fields it could not find. */
async function runInit(name: string, target: string): Promise<{ file: string; missing: string[] } | null> {
  const file = join(OUT, `${name}.profile.json`);
  console.log(`[init] ${name}: init --target ${target}`);
  const { code } = await runCommand(process.execPath, ["--import", "tsx", join(ROOT, "cli", "init.ts"), "--target", target, "--out", file, "--force"], {
    cwd: ROOT,
  });
  if (code !== 0) {
    console.error(`[init] ${name}: init exited with ${code}; see its output above.`);
    return null;
  }
  return { file, missing: missingFieldsIn(readFileSync(join(OUT, `${name}.profile.md`), "utf8")) };
}

/** Steps 1 and 2, then the profile for step 3; null (with the problems printed) when a step fails. */
function checkProfile(name: string, generated: { file: string; missing: string[] }, handWrittenFile: string): string | null {
  try {
    loadProfile(generated.file);
  } catch (error) {
    console.error(`[init] ${name}: the starter profile does not validate: ${(error as Error).message}`);
    return null;
  }
  const profile = readJson(generated.file);
  const handWritten = readJson(handWrittenFile);
  const compared = DISCOVERED_FIELDS.filter((field) => !generated.missing.some((missing) => field === missing || field.startsWith(`${missing}.`)));
  const differing = compared.filter((field) => JSON.stringify(valueAt(profile, field)) !== JSON.stringify(valueAt(handWritten, field)));
  for (const field of differing) {
    console.error(
      `[init] ${name}: ${field} is ${JSON.stringify(valueAt(profile, field))}; the hand-written profile says ${JSON.stringify(valueAt(handWritten, field))}.`,
    );
  }
  for (const field of SHOWN_FIELDS) {
    console.log(`[init] ${name}: ${field} ${JSON.stringify(valueAt(profile, field))} (hand-written: ${JSON.stringify(valueAt(handWritten, field))})`);
  }
  if (differing.length > 0) return null;
  console.log(`[init] ${name}: the starter profile validates; ${compared.length} found fields equal the hand-written ones (${compared.join(", ")}).`);
  console.log(`[init] ${name}: filling in what init could not find from the hand-written profile: ${generated.missing.join(", ")}.`);
  const filled = join(OUT, `${name}.filled.profile.json`);
  writeFileSync(filled, `${JSON.stringify(withFieldsFrom(profile, handWritten, generated.missing), null, 2)}\n`);
  loadProfile(filled);
  return filled;
}

/** A conformance run through the proxy; the verdicts, or null when it wrote no report. */
async function conformance(origin: string, profile: string, reportDir: string, playwrightArgs: readonly string[]): Promise<ClauseVerdict[] | null> {
  const args = ["--target", origin, "--profile", profile, "--report-dir", reportDir, "--level", "recommended", "--", ...playwrightArgs];
  const { code } = await runCommand(process.execPath, ["--import", "tsx", join(ROOT, "cli", "check.ts"), ...args], { cwd: ROOT });
  const report = join(reportDir, "conformance.json");
  // 0, 1 (a clause failed) and 3 (inconclusive, compared below) leave a report; 2 is a usage error.
  if (code === 2 || !existsSync(report)) {
    console.error(`[init] The conformance run with ${profile} ended with ${code} and no report at ${report}.`);
    return null;
  }
  return (readJson(report) as { verdicts: ClauseVerdict[] }).verdicts;
}

/** A run's verdicts and failing tests as a record, to compare another run with. */
function asRecord(run: readonly ClauseVerdict[]): RecordedVerdicts {
  const tests = run.flatMap((clause) => clause.tests);
  return {
    verdicts: new Map(run.map((clause) => [clause.id, { required: clause.required, recommended: clause.recommended }])),
    failingTests: new Set(tests.filter((test) => test.outcome === "failed").map((test) => test.title)),
  };
}

async function checkReference(playwrightArgs: readonly string[]): Promise<0 | 1 | 2> {
  if (!existsSync(join(ROOT, "dist", "sw.js"))) {
    console.error("[init] reference: dist/ has no build. Run npm run build first.");
    return 2;
  }
  const server = await startMockServer();
  try {
    const generated = await runInit("reference", server.appUrl);
    if (generated === null) return 2;
    const filled = checkProfile("reference", generated, REFERENCE_PROFILE);
    if (filled === null) return 1;
    const handWrittenRun = await conformance(server.origin, REFERENCE_PROFILE, join(OUT, "reference-hand-written"), playwrightArgs);
    const generatedRun = await conformance(server.origin, filled, join(OUT, "reference-generated"), playwrightArgs);
    if (handWrittenRun === null || generatedRun === null) return 2;
    const inconclusive = handWrittenRun.flatMap((clause) => clause.tests).filter((test) => test.outcome === "inconclusive");
    const drift = [
      ...inconclusive.map((test) => `Inconclusive with reference.json (an error of the run): ${test.title} — ${test.detail ?? ""}`),
      ...verdictDrift(asRecord(handWrittenRun), generatedRun),
    ];
    if (drift.length > 0) {
      console.error(
        `[init] reference: the verdicts with init's profile differ from those with reference.json:\n${drift.map((line) => `  - ${line}`).join("\n")}`,
      );
      return 1;
    }
    const failing = asRecord(handWrittenRun).failingTests.size;
    console.log(
      `[init] reference: init's profile gives the same verdicts as reference.json (${generatedRun.length} clauses, both levels; ${failing} failing tests).`,
    );
    return 0;
  } finally {
    await server.stop();
  }
}

async function checkPromptApp(playwrightArgs: readonly string[]): Promise<0 | 1 | 2> {
  // Its own install and build, when out of date (a process, as its serve.ts: scripts/ imports no example).
  const prepared = await runCommand(process.execPath, ["--import", "tsx", join(PROMPT_APP, "build.ts")], { cwd: ROOT });
  if (prepared.code !== 0) {
    console.error(`[init] prompt-app: preparing the app failed (exit code ${prepared.code}); see its output above.`);
    return 2;
  }
  const server = await forkListening(join(PROMPT_APP, "serve.ts"), ["--port", "0"], {
    name: "the prompt app's server",
    timeoutMs: PROMPT_APP_START_TIMEOUT_MS,
  });
  try {
    const generated = await runInit("prompt-app", `${server.origin}/prompt/`);
    if (generated === null) return 2;
    const filled = checkProfile("prompt-app", generated, PROMPT_APP_PROFILE);
    if (filled === null) return 1;
    return await checkRecordedApp({
      name: "init prompt-app",
      origin: server.origin,
      profile: filled,
      record: join(ROOT, "docs", "prompt-app.md"),
      reportDir: join(OUT, "prompt-app-generated"),
      playwrightArgs,
    });
  } finally {
    await server.stop();
  }
}

stopWhenOrphaned();
mkdirSync(OUT, { recursive: true });
const playwrightArgs = playwrightArgsFrom(process.argv);
try {
  const reference = await checkReference(playwrightArgs);
  const promptApp = await checkPromptApp(playwrightArgs);
  process.exitCode = Math.max(reference, promptApp);
} catch (error) {
  console.error(`[init] Failed to run: ${(error as Error).message}`);
  process.exitCode = 2;
}
