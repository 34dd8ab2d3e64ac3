/**
 * `pwa-conformance-kit init --target <url> [--out <file>] [--force]`: opens a running app in
 * Chromium, discovers what it can, and writes a starter profile (naming the kit's schema) and, beside
 * it, notes on how each field was found and what init could not find. `init --upgrade <file>`
 * rewrites a profile of an older format in today's (init/upgradeProfileFile.ts). Runnable on its own too:
 * `node --import tsx cli/init.ts --target http://127.0.0.1:3000/app/`.
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { pageUrlProblem } from "../mock-server/proxy/upstreamUrl.ts";
import { discoverApp } from "./init/discoverApp.ts";
import { InitError, initError } from "./init/initErrors.ts";
import { ANSWER_TIMEOUT_MS } from "./init/internal/timeouts.ts";
import { profileNotesMarkdown } from "./init/profileNotes.ts";
import { starterProfile } from "./init/starterProfile.ts";
import { upgradeProfileFile, upgradeSummary } from "./init/upgradeProfileFile.ts";
import { checkOutFiles, notesFileFor, writeProfile } from "./init/writeProfile.ts";
import { PROFILE_FORMAT, Profile } from "./profile/profileSchema.ts";
import { EXIT } from "./usage.ts";

export const DEFAULT_OUT = "pwa-conformance.profile.json";

export const INIT_USAGE = `Usage: pwa-conformance-kit init --target <url> [--out <file>] [--force]
       pwa-conformance-kit init --upgrade <file>

Opens your running app in Chromium and writes a starter profile for the conformance check: the
worker's script and scope, the base path, pages linked from the home page with their headings and
link names, the 404 page's text, the offline page's text, how data requests of client-side
navigations are told apart, whether (and after how long) the app reloads when back online, and how
it takes an update (a deploy made by the kit's proxy, run in this process in front of the app: does
the new worker take over, or does a prompt show). Beside it, <file> with .md for .json: how each field was found, and what init could not find
(fallback pages it cannot trigger, the worker's network timeout, ...) for you to fill in. Fields
init cannot see are left out, or, where the profile needs them, hold a 'FILL IN' placeholder that
fails its clause until you replace it. Chromium talks to the app's origin (and that loopback proxy) only.

  --target <url>    the app's home page, e.g. http://127.0.0.1:3000/app/ (a page its worker controls)
  --out <file>      where the profile goes (default: ${DEFAULT_OUT}, in the current directory)
  --force           overwrite <file> and its notes if they exist
  --upgrade <file>  rewrite a profile written for an earlier kit in this kit's format (version
                    ${PROFILE_FORMAT}), keeping its values, and list each change; opens no browser.
                    Refuses a symbolic link, a file that is no profile, and a change only you can
                    make (a third page), naming it
  -h, --help        show this help

Exit code: 0 the profile was written (or, with --upgrade, is in this kit's format); 2 nothing was
written (a usage error, an existing file without --force, an --out that is a directory or lies in
a missing folder, an app that does not answer or has no service worker, an --upgrade refused).
`;

/** init's options as parseArgs reads them; INIT_USAGE and docs/cli.md list the same (scripts/docs/cliDoc.test.ts). */
export const INIT_OPTIONS = {
  target: { type: "string" },
  out: { type: "string" },
  force: { type: "boolean" },
  upgrade: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

function usageError(message: string): number {
  process.stderr.write(`pwa-conformance-kit init: ${message}\n`);
  return EXIT.usage;
}

interface InitOptions {
  readonly target: URL;
  readonly out: string;
  readonly force: boolean;
}

/** The options, the profile to upgrade, a usage message (exit 2), or null for --help. */
function parseInitArgs(argv: readonly string[], callerDir: string): InitOptions | { upgrade: string } | string | null {
  let values: {
    target?: string | undefined;
    out?: string | undefined;
    force?: boolean | undefined;
    upgrade?: string | undefined;
    help?: boolean | undefined;
  };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: INIT_OPTIONS,
    }));
  } catch (error) {
    return `${(error as Error).message}. Run with --help for the options.`;
  }
  if (values.help) return null;
  if (values.upgrade !== undefined) {
    const others = (["target", "out", "force"] as const).filter((name) => values[name] !== undefined);
    if (others.length > 0) return `--upgrade rewrites the profile it names in place: it takes no ${others.map((name) => `--${name}`).join(" or ")}.`;
    if (values.upgrade === "") return "--upgrade must name a profile file, e.g. --upgrade pwa-conformance.profile.json.";
    return { upgrade: resolve(callerDir, values.upgrade) };
  }
  if (values.target === undefined) return "--target is required: the URL of the app's home page, e.g. --target http://127.0.0.1:3000/app/.";
  const problem = pageUrlProblem(values.target);
  if (problem) return `--target '${values.target}' cannot be opened: ${problem}.`;
  const target = new URL(values.target);
  if (values.out === "") return "--out must name a file, e.g. --out my-app.profile.json.";
  return { target, out: resolve(callerDir, values.out ?? DEFAULT_OUT), force: values.force ?? false };
}

/** Any HTTP answer will do (a 404 at the origin still means the app is up); no answer is a usage error. */
async function checkAnswers(target: URL): Promise<void> {
  try {
    const response = await fetch(target, { redirect: "manual", signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) });
    await response.body?.cancel();
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why =
      (error as Error).name === "TimeoutError" ? `no answer within ${ANSWER_TIMEOUT_MS} ms` : (cause?.code ?? cause?.message ?? (error as Error).message);
    throw initError("notAnswering", target.href, why);
  }
}

export async function runInit(argv: readonly string[], callerDir: string): Promise<number> {
  const options = parseInitArgs(argv, callerDir);
  if (options === null) {
    process.stdout.write(INIT_USAGE);
    return 0;
  }
  if (typeof options === "string") return usageError(options);
  if ("upgrade" in options) {
    try {
      process.stdout.write(upgradeSummary(options.upgrade, upgradeProfileFile(options.upgrade)));
      return 0;
    } catch (error) {
      if (error instanceof InitError) return usageError(error.message);
      throw error;
    }
  }
  try {
    checkOutFiles([options.out, notesFileFor(options.out)], options.force);
    await checkAnswers(options.target);
    const facts = await discoverApp(options.target, (step) => process.stdout.write(`init: ${step}\n`));
    const starter = starterProfile(facts);
    // A starter that fails the schema is init's own bug: say so rather than write it.
    const checked = Profile.safeParse(starter.profile);
    if (!checked.success) throw new Error(`init built a profile its schema rejects: ${checked.error.message}`);
    const notes = (profileFile: string) =>
      profileNotesMarkdown({ name: String(starter.profile.name), target: facts.target, profileFile, found: starter.found, missing: starter.missing });
    const written = writeProfile(options.out, starter.profile, notes, options.force);
    process.stdout.write(`\n${notes(options.out)}\n`);
    process.stdout.write(`init: wrote ${written.profile} and ${written.notes}. ${starter.missing.length} item(s) to fill in (see "Could not find").\n`);
    return 0;
  } catch (error) {
    if (error instanceof InitError) return usageError(error.message);
    throw error;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await runInit(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());
}
