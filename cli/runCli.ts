/**
 * `pwa-conformance-kit <command>`: the command line, as a function (the package's `pwa-conformance-kit/cli`
 * entry point; the `bin` is cli/main.ts). Each command lives in a module of its own with its own
 * `--help`; this only dispatches, and answers `--version` and the overall help.
 */
import { readFileSync } from "node:fs";
import { kitPath } from "../kit/kitPaths.ts";
import { runCheck } from "./check.ts";
import { runInit } from "./init.ts";
import { runMerge } from "./merge.ts";
import { runServe } from "./serve.ts";
import { EXIT_CODES_HELP } from "./usage.ts";

export { runCheck, runInit, runMerge, runServe };

const COMMANDS: Readonly<Record<string, (argv: readonly string[], callerDir: string) => Promise<number>>> = {
  check: runCheck,
  init: runInit,
  merge: runMerge,
  serve: runServe,
};

const HELP = `Usage: pwa-conformance-kit <command> [options]

Checks that an offline-capable web app shell registers its service worker, caches navigations,
reloads when back online and shows the right fallbacks, in a real Chromium.

Commands:
  check   check an app against the conformance checklist and write a per-clause report
  init    discover a starter profile for an app from the running app
  merge   merge the results of a sharded check (check --shard) into one report
  serve   run the mock server with the kit's reference app (faults, journal, control panel)

Options:
  --version    print the version
  -h, --help   show this help; 'pwa-conformance-kit <command> --help' shows a command's options

${EXIT_CODES_HELP}`;

function version(): string {
  const { name, version } = JSON.parse(readFileSync(kitPath("package.json"), "utf8")) as { name: string; version: string };
  return `${name} ${version}`;
}

/** Runs one command line (without `node` and the script); resolves with its exit code (EXIT_CODES_HELP). */
export async function runCli(argv: readonly string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === "-h" || first === "--help" || first === "help") {
    process.stdout.write(HELP);
    return first === undefined ? 2 : 0;
  }
  if (first === "--version" || first === "-v") {
    process.stdout.write(`${version()}\n`);
    return 0;
  }
  const command = COMMANDS[first];
  if (!command) {
    process.stderr.write(`pwa-conformance-kit: unknown command '${first}'. The commands are ${Object.keys(COMMANDS).join(", ")}; run with --help for more.\n`);
    return 2;
  }
  // The working directory, not INIT_CWD: npx keeps the caller's directory, an npm script of the
  // user's runs in their package's root (where its relative paths were written from), and an
  // INIT_CWD inherited from some outer npm command would point elsewhere.
  return command(rest, process.cwd());
}
