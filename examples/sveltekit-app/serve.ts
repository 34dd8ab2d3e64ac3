/**
 * Serves the built SvelteKit app with adapter-node's own server (`node build`) on loopback and prints
 * its URL: `node --import tsx examples/sveltekit-app/serve.ts [--port <n>] [--host <addr>]` (build it
 * first with examples/sveltekit-app/build.ts). Forked with IPC, it sends `{ type: "listening", origin,
 * url }` once the app answers. Stops the server on SIGINT/SIGTERM and when its parent goes away; the
 * server also stops by itself if this process is killed (scripts/exampleApps/internal/exitWithParent.cjs).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { freePort } from "../../kit/freePort.ts";
import { announceListening } from "../../mock-server/process/forkListening.ts";
import { serveOptions } from "../../scripts/exampleApps/serveOptions.ts";
import { SERVER_ENTRY } from "./build.ts";

/** adapter-node answered in well under a second here; generous for a busy 2-core CI machine. */
const START_TIMEOUT_MS = 30_000;
/** Between attempts to reach the starting server. */
const POLL_INTERVAL_MS = 100;
/** How long the server gets to exit after SIGTERM before it gets SIGKILL. */
const KILL_GRACE_MS = 5_000;
const EXIT_WITH_PARENT = fileURLToPath(new URL("../../scripts/exampleApps/internal/exitWithParent.cjs", import.meta.url));

const fail = (message: string): never => {
  process.stderr.write(`sveltekit-app: ${message}\n`);
  process.exit(2);
};

async function answers(url: string): Promise<boolean> {
  try {
    await (await fetch(url, { redirect: "manual" })).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

const { port: askedPort, host } = serveOptions(fail);
if (!existsSync(SERVER_ENTRY)) fail(`Failed to start the SvelteKit app: it has no build (${SERVER_ENTRY} is missing). Run npm run build:sveltekit-app first.`);

let server: ChildProcess | undefined;
let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  if (!server || server.exitCode !== null || server.signalCode !== null) process.exit(0);
  const timer = setTimeout(() => server?.kill("SIGKILL"), KILL_GRACE_MS);
  server.once("exit", () => {
    clearTimeout(timer);
    process.exit(0);
  });
  server.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
process.on("disconnect", stop);

// adapter-node reads its address from PORT and HOST and cannot report a port it chose itself.
const port = askedPort === 0 ? await freePort(host) : askedPort;
const origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
const home = `${origin}/`;
server = spawn(process.execPath, ["--require", EXIT_WITH_PARENT, SERVER_ENTRY], {
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: host },
  stdio: ["ignore", "ignore", "inherit", "ipc"],
});
server.on("error", (error) => fail(`Failed to start the SvelteKit app's server: ${error.message}.`));
server.on("exit", (code, signal) => {
  if (!stopping) fail(`Failed to serve the SvelteKit app: its server exited with ${signal ?? `code ${code}`} (port ${port} taken? Try another --port).`);
});

const deadline = performance.now() + START_TIMEOUT_MS;
while (!(await answers(home))) {
  if (stopping) process.exit(0);
  if (performance.now() > deadline) {
    stop();
    fail(`Failed to start the SvelteKit app: ${home} did not answer within ${START_TIMEOUT_MS} ms. Run node build in examples/sveltekit-app to see why.`);
  }
  await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
}
process.stdout.write(`SvelteKit app: ${home}\n`);
announceListening(origin, home);
