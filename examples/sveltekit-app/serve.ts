/**
 * Serves the built SvelteKit app with adapter-node's own server (`node build`) on loopback and prints
 * its URL: `node --import tsx examples/sveltekit-app/serve.ts [--port <n>] [--host <addr>]` (build it
 * first with examples/sveltekit-app/build.ts). See scripts/exampleApps/serveAppServer.ts.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { serveAppServer } from "../../scripts/exampleApps/serveAppServer.ts";
import { SERVER_ENTRY } from "./build.ts";

/** adapter-node answered in well under a second here; generous for a busy 2-core CI machine. */
const START_TIMEOUT_MS = 30_000;

await serveAppServer({
  name: "sveltekit-app",
  title: "SvelteKit app",
  notReady: () => (existsSync(SERVER_ENTRY) ? null : `it has no build (${SERVER_ENTRY} is missing). Run npm run build:sveltekit-app first.`),
  // adapter-node reads its address from PORT and HOST.
  command: (port, host) => ({ script: SERVER_ENTRY, args: [], env: { PORT: String(port), HOST: host } }),
  cwd: fileURLToPath(new URL(".", import.meta.url)),
  homePath: "/",
  startTimeoutMs: START_TIMEOUT_MS,
  seeWhy: "Run node build in examples/sveltekit-app",
});
