/**
 * Gets the Next.js fixture app ready to serve: `npm ci` in examples/next-app when node_modules is
 * missing or older than the lockfile, then `next build` and `serwist build` when the build is older
 * than any source. `node --import tsx examples/next-app/build.ts [--force]`, or `prepareNextApp()`.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { npm, runCommand } from "../../scripts/runCommand.mjs";
import { APP_DIR, BUILD_ID, NEXT_BIN, QUIET_ENV, SERWIST_BIN, WORKER } from "./internal/paths.ts";

/** What the build reads; a change to any of them makes the build stale. */
const SOURCES = ["app", "public", "next.config.mjs", "serwist.config.js", "tsconfig.json", "package-lock.json"];
/** npm writes this after every install; older than the lockfile means node_modules is stale. */
const INSTALLED = `${APP_DIR}node_modules/.package-lock.json`;
/** `npm ci` took 23 s and `next build` 10 s here (docs/next-app.md); a hard stop for a hung registry or build. */
const STEP_TIMEOUT_MS = 10 * 60_000;

function mtime(path: string): number {
  return existsSync(path) ? statSync(path).mtimeMs : 0;
}

/** Newest modification time under `path`, skipping what the build itself writes (public/sw.js). */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  if (!statSync(path).isDirectory()) return path === WORKER || path === `${WORKER}.map` ? 0 : mtime(path);
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** `production` for the builds only: under it `npm ci` would leave out the devDependencies (Serwist, TypeScript). */
async function run(what: string, command: string, args: string[], nodeEnv?: "production"): Promise<void> {
  const env = { ...process.env, ...QUIET_ENV, ...(nodeEnv ? { NODE_ENV: nodeEnv } : {}) };
  const result = await runCommand(command, args, { cwd: APP_DIR, env, timeoutMs: STEP_TIMEOUT_MS });
  if (result.code !== 0) {
    const why = result.notFound ? `${command} was not found` : result.timedOut ? `it took over ${STEP_TIMEOUT_MS} ms` : `exit code ${result.code}`;
    throw new Error(`Failed to ${what}: ${why}. See the output above, fix it, and run node --import tsx examples/next-app/build.ts again`);
  }
}

/** Installs and builds only what is out of date; resolves when the app can be served by serve.ts. */
export async function prepareNextApp({ force = false }: { force?: boolean } = {}): Promise<void> {
  if (force || !existsSync(NEXT_BIN) || mtime(INSTALLED) < mtime(`${APP_DIR}package-lock.json`)) {
    const [command, args] = npm("ci", "--prefix", APP_DIR, "--no-audit", "--no-fund");
    await run("install the Next.js app's dependencies (npm ci)", command, args);
  }
  const built = Math.min(mtime(BUILD_ID), mtime(WORKER));
  if (force || built === 0 || built < Math.max(...SOURCES.map((source) => newest(join(APP_DIR, source))))) {
    await run("build the Next.js app (next build)", process.execPath, [NEXT_BIN, "build"], "production");
    await run("build the Next.js app's service worker (serwist build)", process.execPath, [SERWIST_BIN, "build"], "production");
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { force: { type: "boolean", default: false } }, strict: true });
  try {
    await prepareNextApp({ force: values.force });
  } catch (error) {
    process.stderr.write(`next-app: ${(error as Error).message}.\n`);
    process.exitCode = 2;
  }
}
