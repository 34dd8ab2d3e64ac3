/**
 * Gets the Next.js fixture app ready to serve: `npm ci` in examples/next-app when node_modules is
 * missing or older than the lockfile, then `next build` and `serwist build` when the build is older
 * than any source. `node --import tsx examples/next-app/build.ts [--force]`, or `prepareNextApp()`.
 */
import { fileURLToPath } from "node:url";
import { runBuildCommand } from "../../scripts/exampleApps/buildCommand.ts";
import { prepareNextFixture } from "../../scripts/exampleApps/prepareNextFixture.ts";
import { NEXT_APP } from "./internal/paths.ts";

/** Installs and builds only what is out of date; resolves when the app can be served by serve.ts. */
export const prepareNextApp = (options: { force?: boolean } = {}): Promise<void> => prepareNextFixture(NEXT_APP, options);

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await runBuildCommand("next-app", prepareNextApp);
