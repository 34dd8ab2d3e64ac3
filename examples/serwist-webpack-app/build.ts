/**
 * Gets the @serwist/next webpack fixture app ready to serve: `npm ci` in
 * examples/serwist-webpack-app when node_modules is missing or older than the lockfile, then
 * `next build --webpack` (which also builds the worker) when the build is older than any source.
 * `node --import tsx examples/serwist-webpack-app/build.ts [--force]`, or `prepareSerwistWebpackApp()`.
 */
import { fileURLToPath } from "node:url";
import { runBuildCommand } from "../../scripts/exampleApps/buildCommand.ts";
import { prepareNextFixture } from "../../scripts/exampleApps/prepareNextFixture.ts";
import { SERWIST_WEBPACK_APP } from "./internal/paths.ts";

/** Installs and builds only what is out of date; resolves when the app can be served by serve.ts. */
export const prepareSerwistWebpackApp = (options: { force?: boolean } = {}): Promise<void> => prepareNextFixture(SERWIST_WEBPACK_APP, options);

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await runBuildCommand("serwist-webpack-app", prepareSerwistWebpackApp);
