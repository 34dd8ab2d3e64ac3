/**
 * `pwa-conformance-kit merge <folder> [--report-dir <dir> [--force]]`: the report of a sharded check.
 * Each `check --shard <i>/<n>` keeps its results as a Playwright blob; this merges every blob in the
 * folder with Playwright's own `merge-reports` into the report a whole run writes (conformance.md,
 * .json, .html and .sarif, the HTML report, junit.xml, in GitHub Actions the same annotations), one
 * verdict per clause and level, and exits as check does. What the report is about (the app, the
 * level, accepted gaps, the profile's path) comes from the blobs themselves.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { ENV } from "../kit/env.mjs";
import { KIT_ROOT, kitModule, PLAYWRIGHT_CLI } from "../kit/kitPaths.ts";
import { catchSignals } from "./catchSignals.ts";
import { REPORT_DIR_MARKER } from "./report/claimReportDir.ts";
import { runForeground } from "./runForeground.ts";
import { claimForCommand, EXIT_CODES_HELP, UsageError, withUsageErrors } from "./usage.ts";

export const MERGE_USAGE = `Usage: pwa-conformance-kit merge <folder> [--report-dir <dir> [--force]]

Merges the results of a sharded check into one conformance report and exit code. Run
'pwa-conformance-kit check --shard <i>/<n>' once per shard (each writes <its report-dir>/blob/
shard-<i>-of-<n>.zip), put every shard's file in <folder>, then run this.

  --report-dir <dir>  where conformance.md/.json/.html/.sarif, the Playwright HTML report
                      (html/) and junit.xml go (default: test-results/conformance); marked and
                      reused as check's is (${REPORT_DIR_MARKER}). In GitHub Actions each failed
                      clause is also an annotation on the profile, as check prints them
  --force             write the report into a non-empty directory the kit did not create
  -h, --help          show this help

Relative paths are resolved against the directory you ran the command from.
${EXIT_CODES_HELP}`;

/** merge's options as parseArgs reads them; MERGE_USAGE and docs/cli.md list the same (scripts/docs/cliDoc.test.ts). */
export const MERGE_OPTIONS = { "report-dir": { type: "string" }, force: { type: "boolean" }, help: { type: "boolean", short: "h" } } as const;

function usage(message: string): never {
  throw new UsageError(message);
}

/** Merges; resolves with the exit code. `callerDir` is where relative paths start. */
export async function runMerge(argv: readonly string[], callerDir: string): Promise<number> {
  return withUsageErrors("merge", () => merge(argv, callerDir));
}

/** The shards' blobs in `folder`: Playwright's merge reads every .zip there. */
function blobsIn(folder: string): string[] {
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(folder);
  } catch {
    return usage(`there is no folder ${folder}. Name the folder you put every shard's blob in (check --shard writes each to <report-dir>/blob/).`);
  }
  if (!stats.isDirectory()) usage(`${folder} is not a folder. Name the folder you put every shard's blob in, not a file.`);
  const blobs = readdirSync(folder).filter((name) => name.endsWith(".zip"));
  if (blobs.length === 0) usage(`${folder} holds no shard results (.zip). Put the file each 'check --shard <i>/<n>' wrote to <report-dir>/blob/ in it.`);
  return blobs;
}

async function merge(argv: readonly string[], callerDir: string): Promise<number> {
  let parsed: { values: { "report-dir"?: string | undefined; force?: boolean | undefined; help?: boolean | undefined }; positionals: string[] };
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: true,
      options: MERGE_OPTIONS,
    });
  } catch (error) {
    return usage(`${(error as Error).message}. Run with --help for the options.`);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(MERGE_USAGE);
    return 0;
  }
  if (positionals.length !== 1) usage(`name one folder of shard results, not ${positionals.length}. Run with --help for the options.`);
  const folder = resolve(callerDir, positionals[0] as string);
  const blobs = blobsIn(folder);
  const reportDir = resolve(callerDir, values["report-dir"] ?? "test-results/conformance");
  if (resolve(reportDir, "blob") === folder)
    usage(`the report directory ${reportDir} would replace the folder of shard results it merges. Name another --report-dir.`);
  const claim = claimForCommand(reportDir, values.force ?? false);
  process.stdout.write(`Merging ${blobs.length} shard result(s) from ${folder}.\n`);
  const signals = catchSignals();
  try {
    const { code, signal } = await runForeground(
      process.execPath,
      [
        PLAYWRIGHT_CLI,
        "merge-reports",
        "--config",
        kitModule("playwright.config.ts"),
        "--reporter",
        `${kitModule("cli/report/conformanceReporter.ts")},html,junit`,
        folder,
      ],
      {
        cwd: KIT_ROOT,
        env: {
          ...process.env,
          // Only where the report goes: the app, level and gaps come from the blobs' metadata.
          [ENV.reportDir]: reportDir,
          [ENV.callerDir]: callerDir,
          PLAYWRIGHT_HTML_OUTPUT_DIR: join(reportDir, "html"),
          PLAYWRIGHT_HTML_OPEN: "never",
          PLAYWRIGHT_JUNIT_OUTPUT_FILE: join(reportDir, "junit.xml"),
        },
      },
    );
    if (signals.received()) {
      process.stderr.write(`pwa-conformance-kit merge: stopped by ${signals.received()}.\n`);
      return signals.exitCode() ?? 1;
    }
    const report = join(reportDir, "conformance.json");
    if (signal || !existsSync(report)) {
      claim.undo();
      process.stderr.write(
        `pwa-conformance-kit merge: Playwright's merge ended (${signal ?? `exit code ${code}`}) without a report at ${report}; see the output above.\n`,
      );
      return 3;
    }
    return (JSON.parse(readFileSync(report, "utf8")) as { exitCode: number }).exitCode;
  } finally {
    signals.release();
  }
}
