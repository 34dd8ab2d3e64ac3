/**
 * Gets the Next.js fixture app ready to serve: `npm ci` in examples/next-app when node_modules is
 * missing or older than the lockfile, then `next build` and `serwist build` when the build is older
 * than any source. `node --import tsx examples/next-app/build.ts [--force]`, or `prepareNextApp()`.
 */
import { fileURLToPath } from "node:url";
import { type FixtureBuild, prepareFixture, prepareFromCommandLine } from "../../scripts/exampleApps/prepareFixture.ts";
import { APP_DIR, BUILD_ID, NEXT_BIN, QUIET_ENV, SERWIST_BIN, WORKER } from "./internal/paths.ts";

const NEXT_APP: FixtureBuild = {
  appDir: APP_DIR,
  script: "examples/next-app/build.ts",
  name: "the Next.js app",
  installedProbe: NEXT_BIN,
  sources: ["app", "public", "next.config.mjs", "serwist.config.js", "tsconfig.json", "package-lock.json"],
  // serwist build writes public/sw.js (and its map) into a source folder, after next build's BUILD_ID.
  outputs: [BUILD_ID, WORKER],
  steps: [
    { what: "build the Next.js app (next build)", command: process.execPath, args: [NEXT_BIN, "build"], nodeEnv: "production" },
    { what: "build the Next.js app's service worker (serwist build)", command: process.execPath, args: [SERWIST_BIN, "build"], nodeEnv: "production" },
  ],
  env: QUIET_ENV,
};

/** Installs and builds only what is out of date; resolves when the app can be served by serve.ts. */
export function prepareNextApp(options: { force?: boolean } = {}): Promise<void> {
  return prepareFixture(NEXT_APP, options);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await prepareFromCommandLine("next-app", prepareNextApp);
