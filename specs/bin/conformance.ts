/**
 * `npm run conformance -- --target <url> --profile <file> [--report-dir <dir>] [-- <playwright args>]`
 * Runs the clause specs against an app (through the mock server as a proxy) or, without --target,
 * against the reference app, and writes the per-clause report. Exit code: 0 when no clause failed.
 */
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadProfile, ProfileError, REFERENCE_PROFILE } from "../profile/loadProfile.ts";

const USAGE = `Usage: npm run conformance -- [--target <url>] [--profile <file>] [--report-dir <dir>] [-- <playwright test args>]

Checks an offline-capable web app shell against the clauses in docs/conformance.md, in Chromium.

  --target <url>      origin of the app to check, e.g. http://127.0.0.1:3000 (default: the reference app)
  --profile <file>    JSON profile describing the app (default: specs/profile/reference.json);
                      see specs/profile/profileSchema.ts and specs/fixtures/second-app/profile.json
  --report-dir <dir>  where conformance.md/.json, the HTML report and JUnit XML go
                      (default: test-results/conformance)
  -h, --help          show this help

Anything after a lone -- goes to 'playwright test' (e.g. -- --shard=1/2 --workers=2 --grep NAV-).
Exit code: 0 when no clause failed, 1 when one did, 2 for a usage or profile error.
`;

function fail(message: string): never {
  process.stderr.write(`conformance: ${message}\n`);
  process.exit(2);
}

const separator = process.argv.indexOf("--", 2);
const ownArgs = separator === -1 ? process.argv.slice(2) : process.argv.slice(2, separator);
const playwrightArgs = separator === -1 ? [] : process.argv.slice(separator + 1);

let values: { target?: string | undefined; profile?: string | undefined; "report-dir"?: string | undefined; help?: boolean | undefined };
try {
  ({ values } = parseArgs({
    args: ownArgs,
    strict: true,
    allowPositionals: false,
    options: { target: { type: "string" }, profile: { type: "string" }, "report-dir": { type: "string" }, help: { type: "boolean", short: "h" } },
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
if (values.profile === undefined && target !== undefined) fail("--profile is required with --target: the suite needs to know the app's pages and fallbacks.");

const profileFile = resolve(values.profile ?? REFERENCE_PROFILE);
try {
  const profile = loadProfile(profileFile);
  process.stdout.write(`Checking ${target ?? "the reference app"} with profile '${profile.name}' (${profileFile}).\n`);
} catch (error) {
  if (error instanceof ProfileError) fail(error.message);
  throw error;
}

const reportDir = resolve(values["report-dir"] ?? "test-results/conformance");
const child = spawn("npx", ["playwright", "test", ...playwrightArgs], {
  stdio: "inherit",
  env: { ...process.env, PCK_PROFILE: profileFile, PCK_REPORT_DIR: reportDir, ...(target ? { PCK_TARGET: target } : {}) },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => {
  process.exitCode = signal ? 1 : (code ?? 1);
});
