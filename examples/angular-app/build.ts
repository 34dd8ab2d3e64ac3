/**
 * Gets the Angular fixture app ready to serve: `npm ci` in examples/angular-app when node_modules is
 * missing or older than the lockfile, then `ng build` (the application builder, which also writes
 * ngsw-worker.js and ngsw.json) when the build is older than any source.
 * `node --import tsx examples/angular-app/build.ts [--force]`, or `prepareAngularApp()`.
 */
import { fileURLToPath } from "node:url";
import { type FixtureBuild, prepareFixture, prepareFromCommandLine } from "../../scripts/exampleApps/prepareFixture.ts";
import { APP_DIR, DIST, NG_BIN, NGSW_MANIFEST, QUIET_ENV } from "./internal/paths.ts";

const ANGULAR_APP: FixtureBuild = {
  appDir: APP_DIR,
  script: "examples/angular-app/build.ts",
  name: "the Angular app",
  installedProbe: NG_BIN,
  sources: ["src", "public", "angular.json", "ngsw-config.json", "tsconfig.json", "tsconfig.app.json", "package-lock.json"],
  outputs: [`${DIST}/index.html`, NGSW_MANIFEST],
  steps: [{ what: "build the Angular app (ng build)", command: process.execPath, args: [NG_BIN, "build"], nodeEnv: "production" }],
  env: QUIET_ENV,
};

/** Installs and builds only what is out of date; resolves when the app can be served by serve.ts. */
export function prepareAngularApp(options: { force?: boolean } = {}): Promise<void> {
  return prepareFixture(ANGULAR_APP, options);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await prepareFromCommandLine("angular-app", prepareAngularApp);
