/**
 * Gets the Next.js fixture app ready to serve: `npm ci` in examples/next-app when node_modules is
 * missing or older than the lockfile, then `next build` and `serwist build` when the build is older
 * than any source. `node --import tsx examples/next-app/build.ts [--force]`, or `prepareNextApp()`.
 */
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { buildIsStale, installIsStale, mtime } from "../../scripts/exampleApps/outOfDate.ts";
import { runStep } from "../../scripts/exampleApps/runStep.ts";
import { npm } from "../../scripts/runCommand.mjs";
import { APP_DIR, BUILD_ID, NEXT_BIN, QUIET_ENV, SERWIST_BIN, WORKER } from "./internal/paths.ts";

/** What the build reads; a change to any of them makes the build stale. */
const SOURCES = ["app", "public", "next.config.mjs", "serwist.config.js", "tsconfig.json", "package-lock.json"];
/** `npm ci` took 23 s and `next build` 10 s here (docs/next-app.md); a hard stop for a hung registry or build. */
const STEP_TIMEOUT_MS = 10 * 60_000;

/** `production` for the builds only: under it `npm ci` would leave out the devDependencies (Serwist, TypeScript). */
async function run(what: string, command: string, args: string[], nodeEnv?: "production"): Promise<void> {
  const env = { ...process.env, ...QUIET_ENV, ...(nodeEnv ? { NODE_ENV: nodeEnv } : {}) };
  await runStep(what, command, args, { cwd: APP_DIR, env, timeoutMs: STEP_TIMEOUT_MS, rerun: "node --import tsx examples/next-app/build.ts" });
}

/** Installs and builds only what is out of date; resolves when the app can be served by serve.ts. */
export async function prepareNextApp({ force = false }: { force?: boolean } = {}): Promise<void> {
  if (force || installIsStale(APP_DIR, NEXT_BIN)) {
    const [command, args] = npm("ci", "--prefix", APP_DIR, "--no-audit", "--no-fund");
    await run("install the Next.js app's dependencies (npm ci)", command, args);
  }
  // The build writes public/sw.js (and its map) among the sources: not a change to build from.
  if (force || buildIsStale(APP_DIR, Math.min(mtime(BUILD_ID), mtime(WORKER)), SOURCES, [WORKER, `${WORKER}.map`])) {
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
