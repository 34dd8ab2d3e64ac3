/**
 * `npm run conformance -- --target <url> --profile <file> [--level <l>] [--report-dir <dir>] [-- <playwright args>]`
 * Runs the clause specs against an app (through the mock server as a proxy) or, without --target,
 * against the reference app, writes the per-clause report, and exits with the report's code.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { loadProfile, ProfileError, REFERENCE_PROFILE } from "./profile/loadProfile.ts";
import { StartAppError, type StartedApp, startApp } from "./startApp.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** How long a started app gets to answer: a cold `next start` or a dev server's first build. */
const DEFAULT_START_TIMEOUT_MS = 60_000;

const USAGE = `Usage: npm run conformance -- [--target <url>] [--profile <file>] [--level <level>] [--report-dir <dir>] [-- <playwright test args>]

Checks an offline-capable web app shell against the clauses in docs/conformance.md, in Chromium.

  --target <url>      origin of the app to check, e.g. http://127.0.0.1:3000 (default: the reference app)
  --profile <file>    JSON profile describing the app (default: cli/profile/reference.json);
                      see cli/profile/profile.schema.json and examples/second-app/profile.json
  --start <command>   start the app with this shell command, wait until --target answers, stop
                      it when the check ends (e.g. --start "npm run start")
  --start-timeout <ms>  how long the started app gets to answer (default 60000)
  --level <level>     which rules decide the exit code: required (what the behaviours demand, as
                      Serwist + Next.js do them; default) or recommended (also this checklist's
                      stricter practice). The report shows both levels either way.
  --report-dir <dir>  where conformance.md/.json, the HTML report and JUnit XML go
                      (default: test-results/conformance)
  -h, --help          show this help

Relative paths are resolved against the directory you ran the command from.
Anything after a lone -- goes to 'playwright test' (e.g. -- --shard=1/2 --workers=2 --grep NAV-).
Exit code: 0 the app conforms at the level; 1 a clause failed at the level; 2 a usage or profile
error; 3 no clause failed but some tests could not be carried out (inconclusive: an error of the
run, not a verdict on the app; the report says why).
`;

function fail(message: string): never {
  process.stderr.write(`conformance: ${message}\n`);
  process.exit(2);
}

const separator = process.argv.indexOf("--", 2);
const ownArgs = separator === -1 ? process.argv.slice(2) : process.argv.slice(2, separator);
const playwrightArgs = separator === -1 ? [] : process.argv.slice(separator + 1);

let values: {
  target?: string | undefined;
  profile?: string | undefined;
  level?: string | undefined;
  start?: string | undefined;
  "start-timeout"?: string | undefined;
  "report-dir"?: string | undefined;
  help?: boolean | undefined;
};
try {
  ({ values } = parseArgs({
    args: ownArgs,
    strict: true,
    allowPositionals: false,
    options: {
      target: { type: "string" },
      profile: { type: "string" },
      level: { type: "string" },
      start: { type: "string" },
      "start-timeout": { type: "string" },
      "report-dir": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  }));
} catch (error) {
  fail(`${(error as Error).message}. Run with --help for the options.`);
}
if (values.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}

let target: string | undefined;
if (values.target !== undefined) {
  let url: URL;
  try {
    url = new URL(values.target);
  } catch {
    fail(`--target must be an absolute URL such as http://127.0.0.1:3000, not '${values.target}'.`);
  }
  if (url.protocol !== "http:") fail(`--target must be an http:// URL (the proxy speaks plain HTTP), not '${url.protocol}'.`);
  target = url.origin;
}
const level = values.level ?? "required";
if (level !== "required" && level !== "recommended") fail(`--level must be required or recommended, not '${level}'.`);
if (values.profile === undefined && target !== undefined) fail("--profile is required with --target: the suite needs to know the app's pages and fallbacks.");

// npm runs scripts in the package's folder; INIT_CWD is where the person typed the command.
const callerDir = process.env.INIT_CWD ?? process.cwd();
const profileFile = values.profile === undefined ? REFERENCE_PROFILE : resolve(callerDir, values.profile);
try {
  const profile = loadProfile(profileFile);
  process.stdout.write(`Checking ${target ?? "the reference app"} with profile '${profile.name}' (${profileFile}).\n`);
} catch (error) {
  if (error instanceof ProfileError) fail(error.message);
  throw error;
}

const reportDir = resolve(callerDir, values["report-dir"] ?? "test-results/conformance");
const report = join(reportDir, "conformance.json");
// A report left by an earlier run must not stand in for this one's.
rmSync(report, { force: true });

let app: StartedApp | null = null;
if (values.start !== undefined) {
  if (target === undefined) fail("--start needs --target: the address where the started app answers.");
  const timeoutMs = Number(values["start-timeout"] ?? DEFAULT_START_TIMEOUT_MS);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1) fail(`--start-timeout must be a whole number of milliseconds ≥ 1, not '${values["start-timeout"]}'.`);
  process.stdout.write(`Starting the app: ${values.start}\n`);
  try {
    app = await startApp(values.start, target, timeoutMs, callerDir);
  } catch (error) {
    if (error instanceof StartAppError) fail(error.message);
    throw error;
  }
  process.stdout.write(`The app answers at ${target}.\n`);
}

// The kit's own Playwright and configuration, whatever directory the command was run from.
const child = spawn(join(ROOT, "node_modules", ".bin", "playwright"), ["test", ...playwrightArgs], {
  cwd: ROOT,
  stdio: "inherit",
  env: { ...process.env, PCK_PROFILE: profileFile, PCK_REPORT_DIR: reportDir, PCK_LEVEL: level, ...(target ? { PCK_TARGET: target } : {}) },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => {
  void app?.stop().then(() => {
    if (app) process.stdout.write("Stopped the app.\n");
  });
  // Playwright exits 1 for any failed test; the verdicts, not that, decide (an inconclusive test is 3).
  if (signal || !existsSync(report)) {
    process.stderr.write(`conformance: the run ended (${signal ?? `exit code ${code}`}) without a report at ${report}; see the output above.\n`);
    process.exitCode = 3;
    return;
  }
  process.exitCode = (JSON.parse(readFileSync(report, "utf8")) as { exitCode: number }).exitCode;
});
