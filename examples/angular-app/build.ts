/**
 * Gets the Angular fixture app ready to serve: `npm ci` in examples/angular-app when node_modules is
 * missing or older than the lockfile, then `ng build` (the application builder, which also writes
 * ngsw-worker.js and ngsw.json) when the build is older than any source.
 * `node --import tsx examples/angular-app/build.ts [--force]`, or `prepareAngularApp()`.
 */
import { fileURLToPath } from "node:url";
import { runBuildCommand } from "../../scripts/exampleApps/buildCommand.ts";
import { type AppInstall, installApp } from "../../scripts/exampleApps/installApp.ts";
import { buildIsStale, mtime } from "../../scripts/exampleApps/outOfDate.ts";
import { runStep } from "../../scripts/exampleApps/runStep.ts";
import { APP_DIR, DIST, NG_BIN, NGSW_MANIFEST, QUIET_ENV } from "./internal/paths.ts";

/** What the build reads; a change to any of them makes the build stale. */
const SOURCES = ["src", "public", "angular.json", "ngsw-config.json", "tsconfig.json", "tsconfig.app.json", "package-lock.json"];
/** `ng build` took about 25 s here; a hard stop for a hung registry or build. */
const STEP_TIMEOUT_MS = 10 * 60_000;
const RERUN = "node --import tsx examples/angular-app/build.ts";

/** What `npm ci` needs to know of the Angular app (also npm test's early install). */
export const ANGULAR_APP_INSTALL: AppInstall = { dir: APP_DIR, bin: NG_BIN, title: "the Angular app", rerun: RERUN, env: { ...process.env, ...QUIET_ENV } };

/** Installs and builds only what is out of date; resolves when the app can be served by serve.ts. */
export async function prepareAngularApp({ force = false }: { force?: boolean } = {}): Promise<void> {
  const env = { ...process.env, ...QUIET_ENV };
  await installApp(ANGULAR_APP_INSTALL, { force });
  if (force || buildIsStale(APP_DIR, Math.min(mtime(`${DIST}/index.html`), mtime(NGSW_MANIFEST)), SOURCES)) {
    await runStep("build the Angular app (ng build)", process.execPath, [NG_BIN, "build"], {
      cwd: APP_DIR,
      env: { ...env, NODE_ENV: "production" },
      timeoutMs: STEP_TIMEOUT_MS,
      rerun: RERUN,
    });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await runBuildCommand("angular-app", prepareAngularApp);
