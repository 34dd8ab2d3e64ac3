/**
 * Serves the built Next.js fixture app with `next start` on loopback and prints its URL:
 * `node --import tsx examples/next-app/serve.ts [--port <n>] [--host <addr>]` (build it first with
 * examples/next-app/build.ts). See scripts/exampleApps/serveNextFixture.ts.
 */
import { serveNextFixture } from "../../scripts/exampleApps/serveNextFixture.ts";
import { NEXT_APP } from "./internal/paths.ts";

await serveNextFixture(NEXT_APP);
