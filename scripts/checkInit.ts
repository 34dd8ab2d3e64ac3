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
 *    the hand-written one: each app's record, docs/prompt-app.md and docs/reference-through-proxy.md
 *    (what reference.json gives through the proxy: one run, not a second run to compare with), both
 *    through the proxy (target mode).
 * Exit code 0 when all agree, 1 when something differs, 2 when a run could not happen.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { missingFieldsIn } from "../cli/init/profileNotes.ts";
import { loadProfile } from "../cli/profile/loadProfile.ts";
import { KIT_ROOT } from "../kit/kitPaths.ts";
import { forkListening } from "../mock-server/process/forkListening.ts";
import { startMockServer } from "../specs/harness/mockServerProcess.ts";
import { checkRecordedApp, playwrightArgsFrom } from "./exampleApps/checkRecordedApp.ts";
import { withFieldsFrom } from "./exampleApps/withFieldsFrom.ts";
import { runCommand, stopWhenOrphaned } from "./runCommand.mjs";

const ROOT = KIT_ROOT;
const OUT = join(ROOT, "test-results", "init");
const REFERENCE_PROFILE = join(ROOT, "cli", "profile", "reference.json");
/** The reference's verdicts checked as someone else's app, through the proxy, written from its design. */
const REFERENCE_RECORD = join(ROOT, "docs", "reference-through-proxy.md");
const PROMPT_APP = join(ROOT, "examples", "prompt-app");
const PROMPT_APP_PROFILE = join(PROMPT_APP, "profile.json");
/** The static host starts in well under a second; generous for a busy 2-core CI machine. */
const PROMPT_APP_START_TIMEOUT_MS = 30_000;

/** What init finds (and the format it writes): each must equal the hand-written profile's unless init lists it as missing. */
const DISCOVERED_FIELDS = [
  "version",
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
    return await checkRecordedApp({
      name: "init reference",
      origin: server.origin,
      profile: filled,
      record: REFERENCE_RECORD,
      reportDir: join(OUT, "reference-generated"),
      playwrightArgs,
    });
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
