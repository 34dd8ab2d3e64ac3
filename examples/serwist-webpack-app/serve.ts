/**
 * Serves the built @serwist/next webpack fixture app with `next start` on loopback and prints its URL:
 * `node --import tsx examples/serwist-webpack-app/serve.ts [--port <n>] [--host <addr>]` (build it
 * first with examples/serwist-webpack-app/build.ts). See scripts/exampleApps/serveNextFixture.ts.
 */
import { serveNextFixture } from "../../scripts/exampleApps/serveNextFixture.ts";
import { SERWIST_WEBPACK_APP } from "./internal/paths.ts";

await serveNextFixture(SERWIST_WEBPACK_APP);
