/**
 * Gets the SvelteKit app ready to serve: `npm ci` in examples/sveltekit-app when node_modules is
 * missing or older than the lockfile, then its own `npm run build` (`vite build`: SvelteKit,
 * prerendering, the PWA plugin's worker, adapter-node) when build/ is older than any source.
 * `node --import tsx examples/sveltekit-app/build.ts [--force]`, or `prepareSvelteKitApp()`.
 */
import { fileURLToPath } from "node:url";
import { runBuildCommand } from "../../scripts/exampleApps/buildCommand.ts";
import { type AppInstall, installApp } from "../../scripts/exampleApps/installApp.ts";
import { buildIsStale, mtime } from "../../scripts/exampleApps/outOfDate.ts";
import { runStep } from "../../scripts/exampleApps/runStep.ts";
import { npm } from "../../scripts/runCommand.mjs";

const APP_DIR = fileURLToPath(new URL(".", import.meta.url));
/** adapter-node writes the server entry last, after the PWA plugin wrote build/client/sw.js: its presence means a finished build. */
export const SERVER_ENTRY = `${APP_DIR}build/index.js`;
const VITE_BIN = `${APP_DIR}node_modules/vite/bin/vite.js`;
/** What the build reads; a change to any of them makes the build stale. */
const SOURCES = ["src", "static", "svelte.config.js", "vite.config.ts", "package-lock.json"];
/** The build took 15–26 s here (docs/sveltekit-app.md); a hard stop for a hung build. */
const STEP_TIMEOUT_MS = 10 * 60_000;
const RERUN = "node --import tsx examples/sveltekit-app/build.ts";

/** What `npm ci` needs to know of the SvelteKit app (also npm test's early install). */
export const SVELTEKIT_APP_INSTALL: AppInstall = { dir: APP_DIR, bin: VITE_BIN, title: "the SvelteKit app", rerun: RERUN };

/** Installs and builds only what is out of date; resolves when serve.ts can serve the app. */
export async function prepareSvelteKitApp({ force = false }: { force?: boolean } = {}): Promise<void> {
  await installApp(SVELTEKIT_APP_INSTALL, { force });
  if (force || buildIsStale(APP_DIR, mtime(SERVER_ENTRY), SOURCES)) {
    const [command, args] = npm("run", "build");
    await runStep("build the SvelteKit app (vite build)", command, args, { cwd: APP_DIR, timeoutMs: STEP_TIMEOUT_MS, rerun: RERUN });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await runBuildCommand("sveltekit-app", prepareSvelteKitApp);
