/**
 * `pwa-conformance-kit check --target <url> --profile <file> [--level <l>] [--engines <list> [--gate <list>]] [--report-dir <dir>] [-- <playwright args>]`
 * (`npm run conformance -- …` in this repository): runs the clause specs against an app (through the
 * mock server as a proxy) or, without --target, against the reference app, writes the per-clause
 * report, and resolves with the report's exit code.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { ENGINES, type EngineName, parseEngines } from "../kit/engines/engineNames.ts";
import { describeMissing, findFirefox, findWebKit, isMissing } from "../kit/engines/findEngine.mjs";
import { checkRunEnv, ENV, readKitEnv } from "../kit/env.mjs";
import { KIT_ROOT, kitModule, PLAYWRIGHT_CLI } from "../kit/kitPaths.ts";
import { upstreamProblem } from "../mock-server/proxy/upstreamUrl.ts";
import { catchSignals } from "./catchSignals.ts";
import { ProfileError, profileUpgradeNote, REFERENCE_PROFILE, readProfile } from "./profile/loadProfile.ts";
import { REPORT_DIR_MARKER } from "./report/claimReportDir.ts";
import { runForeground } from "./runForeground.ts";
import { StartAppError, type StartedApp, startApp } from "./startApp.ts";
import { claimForCommand, EXIT_CODES_HELP, UsageError, withUsageErrors } from "./usage.ts";

/** How long a started app gets to answer: a cold `next start` or a dev server's first build. */
const DEFAULT_START_TIMEOUT_MS = 60_000;

export const CHECK_USAGE = `Usage: pwa-conformance-kit check [--target <url>] [--profile <file>] [--start <command>] [--level <level>] [--engines <list> [--gate <list>]] [--shard <i>/<n>] [--report-dir <dir> [--force]] [-- <playwright test args>]

Checks an offline-capable web app shell against the clauses of the conformance checklist, in
Chromium, and with --engines in Firefox and WebKit too.

  --target <url>      origin of the app to check, e.g. http://127.0.0.1:3000 (default: the kit's reference app)
  --profile <file>    JSON profile describing the app (required with --target); write a starter
                      with 'pwa-conformance-kit init --target <url>'
  --start <command>   start the app with this shell command, wait until --target answers, stop
                      it when the check ends (e.g. --start "npm run start")
  --start-timeout <ms>  how long the started app gets to answer (default ${DEFAULT_START_TIMEOUT_MS})
  --level <level>     which rules decide the exit code: required (what the behaviours demand, as
                      Serwist + Next.js do them; default) or recommended (also this checklist's
                      stricter practice). The report shows both levels either way.
  --engines <list>    the engines to check in, comma-separated: chromium (always; the whole suite
                      runs there), firefox, webkit, e.g. --engines chromium,firefox,webkit. The
                      report gets a column per engine with its build; the clauses that run
                      outside Chromium are listed in docs/engines.md. An engine that is not
                      installed is reported not checked, with the command that installs it
  --gate <list>       the engines besides Chromium whose verdicts also decide the exit code, e.g.
                      --gate firefox (each must be in --engines). Without it the other engines are
                      advisory: shown, not counted
  --report-dir <dir>  where conformance.md/.json/.html/.sarif, the Playwright HTML report
                      (html/), traces (artifacts/) and junit.xml go (default:
                      test-results/conformance). In GitHub Actions each failed clause is also an
                      annotation on the profile. The kit
                      marks a directory it writes to with ${REPORT_DIR_MARKER}, and on later runs
                      replaces only what it wrote there; it refuses a non-empty directory it did not
                      create
  --force             write the report into such a directory, beside its files (a file of yours
                      with one of the report's names is never replaced: the check refuses instead)
  --shard <i>/<n>     run the i-th of n shares of the tests (say on n CI machines at once): the
                      shard writes its results to <report-dir>/blob/shard-<i>-of-<n>.zip, and
                      'pwa-conformance-kit merge' turns every shard's file into the one report
                      and exit code (a shard alone judges no clause, and exits 0 once it ran)
  --output <kind>     what the check prints while it runs: progress (a line as each clause ends,
                      clauses and tests done of the total; the default, or PCK_OUTPUT) or list
                      (Playwright's line per test)
  -h, --help          show this help

Relative paths are resolved against the directory you ran the command from.
Anything after a lone -- goes to 'playwright test' (e.g. -- --workers=2 --grep NAV-).
${EXIT_CODES_HELP}`;

/** check's options as parseArgs reads them; CHECK_USAGE and docs/cli.md list the same (scripts/docs/cliDoc.test.ts). */
export const CHECK_OPTIONS = {
  target: { type: "string" },
  profile: { type: "string" },
  level: { type: "string" },
  start: { type: "string" },
  "start-timeout": { type: "string" },
  "report-dir": { type: "string" },
  force: { type: "boolean" },
  output: { type: "string" },
  shard: { type: "string" },
  engines: { type: "string" },
  gate: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

function usage(message: string): never {
  throw new UsageError(message);
}

/** Runs a check; resolves with the exit code. `callerDir` is where relative paths start. */
export async function runCheck(argv: readonly string[], callerDir: string): Promise<number> {
  return withUsageErrors("check", () => check(argv, callerDir));
}

async function check(argv: readonly string[], callerDir: string): Promise<number> {
  const separator = argv.indexOf("--");
  const ownArgs = separator === -1 ? argv : argv.slice(0, separator);
  const playwrightArgs = separator === -1 ? [] : argv.slice(separator + 1);

  let values: {
    target?: string | undefined;
    profile?: string | undefined;
    level?: string | undefined;
    start?: string | undefined;
    "start-timeout"?: string | undefined;
    "report-dir"?: string | undefined;
    force?: boolean | undefined;
    output?: string | undefined;
    shard?: string | undefined;
    engines?: string | undefined;
    gate?: string | undefined;
    help?: boolean | undefined;
  };
  try {
    ({ values } = parseArgs({
      args: ownArgs,
      strict: true,
      allowPositionals: false,
      options: CHECK_OPTIONS,
    }));
  } catch (error) {
    usage(`${(error as Error).message}. Run with --help for the options.`);
  }
  if (values.help) {
    process.stdout.write(CHECK_USAGE);
    return 0;
  }

  let target: string | undefined;
  if (values.target !== undefined) {
    // The target becomes the mock server's upstream: the same rules as `serve --upstream`.
    const problem = upstreamProblem(values.target);
    if (problem) usage(`--target '${values.target}' cannot be checked: ${problem}.`);
    target = new URL(values.target).origin;
  }
  const level = values.level ?? "required";
  if (level !== "required" && level !== "recommended") usage(`--level must be required or recommended, not '${level}'.`);
  const output = values.output ?? readKitEnv().output ?? "progress";
  if (output !== "progress" && output !== "list")
    usage(`${values.output === undefined ? `${ENV.output}` : "--output"} must be progress or list, not '${output}'.`);
  if (values.profile === undefined && target !== undefined)
    usage("--profile is required with --target: the suite needs to know the app's pages and fallbacks.");

  if (values.start !== undefined && target === undefined) usage("--start needs --target: the address where the started app answers.");
  const shard = values.shard === undefined ? undefined : parseShard(values.shard);
  const ownShard = playwrightArgs.find((arg) => /^--shard(=|$)/.test(arg));
  if (ownShard !== undefined)
    usage(
      `'${ownShard}' after -- would shard Playwright's run without the kit knowing: give it to check itself (--shard 1/2), which keeps each shard's results for 'pwa-conformance-kit merge'.`,
    );
  const { engines, gate } = parseEngineFlags(values.engines, values.gate);
  const timeoutMs = Number(values["start-timeout"] ?? DEFAULT_START_TIMEOUT_MS);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1) usage(`--start-timeout must be a whole number of milliseconds ≥ 1, not '${values["start-timeout"]}'.`);

  const profileFile = values.profile === undefined ? REFERENCE_PROFILE : resolve(callerDir, values.profile);
  try {
    const { profile, upgraded } = readProfile(profileFile);
    // The report says it too (runMetadata.ts); here it is before the run, where a log is read first.
    if (upgraded.length > 0) process.stderr.write(profileUpgradeNote(profileFile, upgraded));
    process.stdout.write(`Checking ${target ?? "the reference app"} with profile '${profile.name}' (${profileFile}).\n`);
    for (const engine of engines) {
      const setup = engine === "firefox" ? findFirefox() : findWebKit();
      // Said before the run, where it can still be fixed; the report says it again for each test.
      if (isMissing(setup)) process.stderr.write(`pwa-conformance-kit check: ${engine} will be reported not checked: ${describeMissing(setup)}.\n`);
    }
  } catch (error) {
    if (error instanceof ProfileError) usage(error.message);
    throw error;
  }

  // Last of the checks of the input, and before anything starts: it is the first thing that writes.
  // It also removes an earlier run's report, which must not stand in for this one's.
  const reportDir = resolve(callerDir, values["report-dir"] ?? "test-results/conformance");
  const claim = claimForCommand(reportDir, values.force ?? false);

  // From here on something runs: Ctrl-C, SIGTERM or SIGHUP stop it all before the kit exits.
  const signals = catchSignals();
  let app: StartedApp | null = null;
  try {
    if (values.start !== undefined && target !== undefined) {
      process.stdout.write(`Starting the app: ${values.start}\n`);
      try {
        app = await startApp(values.start, target, timeoutMs, callerDir, { signal: signals.aborted });
      } catch (error) {
        // Nothing was checked: leave no report directory behind either.
        claim.undo();
        if (error instanceof StartAppError && !signals.received()) usage(error.message);
        if (!signals.received()) throw error;
      }
      if (app) process.stdout.write(`The app answers at ${target}.\n`);
    }
    if (signals.received()) {
      claim.undo();
      return interrupted(signals.received(), signals.exitCode());
    }
    // Playwright runs in the kit's folder; paths it prints are made relative to the caller's.
    const env = checkRunEnv({ target, profile: profileFile, reportDir, level, callerDir, output, engines, gate });
    const run = shard ? runShard(shard, playwrightArgs, reportDir, env, output, callerDir) : runPlaywright(playwrightArgs, reportDir, env);
    return await run.then((code) => (signals.received() ? interrupted(signals.received(), signals.exitCode()) : code));
  } finally {
    if (app) {
      await app.stop();
      process.stdout.write("Stopped the app.\n");
    }
    signals.release();
  }
}

/**
 * --engines and --gate as the engines besides Chromium: Chromium always runs (the probe and the whole
 * suite are Chromium's) and always decides, so naming it changes nothing; a gated engine must run.
 */
export function parseEngineFlags(enginesFlag: string | undefined, gateFlag: string | undefined): { engines: EngineName[]; gate: EngineName[] } {
  const parse = (value: string, flag: string): EngineName[] => {
    try {
      return parseEngines(value, flag).filter((engine) => engine !== "chromium");
    } catch (error) {
      usage((error as Error).message);
    }
  };
  const engines = enginesFlag === undefined ? [] : parse(enginesFlag, "--engines");
  const gate = gateFlag === undefined ? [] : parse(gateFlag, "--gate");
  const notRun = gate.filter((engine) => !engines.includes(engine));
  if (notRun.length > 0)
    usage(
      `--gate names ${notRun.join(", ")}, which the check would not run: add ${notRun.length > 1 ? "them" : "it"} to --engines (--engines ${["chromium", ...new Set([...engines, ...notRun])].join(",")}).`,
    );
  return { engines: ENGINES.filter((engine) => engines.includes(engine)), gate };
}

function interrupted(signal: NodeJS.Signals | null, code: number | null): number {
  process.stderr.write(`pwa-conformance-kit check: stopped by ${signal}.\n`);
  return code ?? 1;
}

/** One share of a sharded check, as `--shard` names it. */
export interface Shard {
  readonly index: number;
  readonly total: number;
}

/** The most shards a check splits into: more machines than a check has clauses' worth of tests buys nothing. */
const MAX_SHARDS = 64;

export function parseShard(value: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const index = Number(match?.[1]);
  const total = Number(match?.[2]);
  if (!match || index < 1 || total > MAX_SHARDS || index > total)
    usage(`--shard must be <i>/<n> with 1 ≤ i ≤ n ≤ ${MAX_SHARDS}, e.g. 1/2 for the first of two shards, not '${value}'.`);
  return { index, total };
}

/** Where a shard's results go: one file per shard, so every shard's can sit in one folder for `merge`. */
export function shardBlob(reportDir: string, { index, total }: Shard): string {
  return join(reportDir, "blob", `shard-${index}-of-${total}.zip`);
}

/**
 * Runs one shard: its progress as a check prints it, and its results in a Playwright blob for
 * `pwa-conformance-kit merge`, which judges the clauses. Resolves 0 once the shard ran and wrote its
 * blob (its tests' failures are the merged report's to judge), 3 when it did not.
 */
async function runShard(
  shard: Shard,
  playwrightArgs: readonly string[],
  reportDir: string,
  env: Readonly<Record<string, string>>,
  output: string,
  callerDir: string,
): Promise<number> {
  const blob = shardBlob(reportDir, shard);
  const perTest = output === "progress" ? kitModule("cli/report/progressReporter.ts") : "list";
  const { signal } = await runForeground(
    process.execPath,
    [
      PLAYWRIGHT_CLI,
      "test",
      "--config",
      kitModule("playwright.config.ts"),
      `--shard=${shard.index}/${shard.total}`,
      `--reporter=${perTest},blob`,
      ...playwrightArgs,
    ],
    { cwd: KIT_ROOT, env: { ...process.env, ...env, PLAYWRIGHT_BLOB_OUTPUT_FILE: blob } },
  );
  if (signal || !existsSync(blob)) {
    process.stderr.write(
      `pwa-conformance-kit check: shard ${shard.index}/${shard.total} ended (${signal ?? "without its results"}) and wrote no ${blob}; see the output above.\n`,
    );
    return 3;
  }
  process.stdout.write(
    `\nShard ${shard.index} of ${shard.total} ran; its results: ${relative(callerDir, blob)}.\n` +
      `Once every shard has run, put their files in one folder and run 'pwa-conformance-kit merge <folder>' for the report and the exit code.\n`,
  );
  return 0;
}

/** Runs the kit's Playwright and configuration, whatever directory the command was run from; resolves with check's exit code. */
async function runPlaywright(playwrightArgs: readonly string[], reportDir: string, env: Readonly<Record<string, string>>): Promise<number> {
  const report = join(reportDir, "conformance.json");
  const { code, signal } = await runForeground(process.execPath, [PLAYWRIGHT_CLI, "test", "--config", kitModule("playwright.config.ts"), ...playwrightArgs], {
    cwd: KIT_ROOT,
    env: { ...process.env, ...env },
  });
  // Listing runs no test, so there are no verdicts: Playwright's own code says whether it listed.
  if (playwrightArgs.includes("--list")) return code ?? 1;
  // Playwright exits 1 for any failed test; the verdicts, not that, decide (an inconclusive test is 3).
  if (signal || !existsSync(report)) {
    process.stderr.write(`pwa-conformance-kit check: the run ended (${signal ?? `exit code ${code}`}) without a report at ${report}; see the output above.\n`);
    return 3;
  }
  return (JSON.parse(readFileSync(report, "utf8")) as { exitCode: number }).exitCode;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // npm runs scripts in the package's folder; INIT_CWD is where the person typed the command.
  process.exitCode = await runCheck(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());
}
