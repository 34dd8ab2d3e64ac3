/**
 * Gets the prompt app ready to serve: `npm ci` in examples/prompt-app when node_modules is missing
 * or older than the lockfile, then its own `npm run build` (`tsc -b && vite build`) when dist/ is
 * older than any source. `node --import tsx examples/prompt-app/build.ts [--force]`, or
 * `preparePromptApp()`.
 */
import { fileURLToPath } from "node:url";
import { runBuildCommand } from "../../scripts/exampleApps/buildCommand.ts";
import { type AppInstall, installApp } from "../../scripts/exampleApps/installApp.ts";
import { buildIsStale, mtime } from "../../scripts/exampleApps/outOfDate.ts";
import { runStep } from "../../scripts/exampleApps/runStep.ts";
import { npm } from "../../scripts/runCommand.mjs";

const APP_DIR = fileURLToPath(new URL(".", import.meta.url));
const DIST = `${APP_DIR}dist`;
/** Written by vite-plugin-pwa after the bundle: its presence means a finished build. */
const WORKER = `${DIST}/sw.js`;
const VITE_BIN = `${APP_DIR}node_modules/vite/bin/vite.js`;
/** What the build reads; a change to any of them makes the build stale. */
const SOURCES = ["src", "public", "index.html", "vite.config.ts", "tsconfig.json", "tsconfig.app.json", "tsconfig.node.json", "package-lock.json"];
/** The build took 5 s here; a hard stop for a hung build. */
const STEP_TIMEOUT_MS = 10 * 60_000;
const RERUN = "node --import tsx examples/prompt-app/build.ts";

/** What `npm ci` needs to know of the prompt app (also npm test's early install). */
export const PROMPT_APP_INSTALL: AppInstall = { dir: APP_DIR, bin: VITE_BIN, title: "the prompt app", rerun: RERUN };

/** Installs and builds only what is out of date; resolves when the app can be served by serve.ts. */
export async function preparePromptApp({ force = false }: { force?: boolean } = {}): Promise<void> {
  await installApp(PROMPT_APP_INSTALL, { force });
  if (force || buildIsStale(APP_DIR, mtime(WORKER), SOURCES)) {
    const [command, args] = npm("run", "build");
    await runStep("build the prompt app (tsc -b && vite build)", command, args, { cwd: APP_DIR, timeoutMs: STEP_TIMEOUT_MS, rerun: RERUN });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await runBuildCommand("prompt-app", preparePromptApp);
