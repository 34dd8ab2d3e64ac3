/**
 * Serves the built Next.js fixture app with `next start` on loopback and prints its URL:
 * `node --import tsx examples/next-app/serve.ts [--port <n>] [--host <addr>]` (build it first with
 * examples/next-app/build.ts). Port 0 (the default) picks a free port. Forked with IPC, it sends
 * `{ type: "listening", origin, url }` once Next answers. Stops Next on SIGINT/SIGTERM and when its
 * parent goes away; Next also stops by itself if this process is killed (internal/exitWithParent.cjs).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { freePort } from "../../kit/freePort.ts";
import { announceListening } from "../../mock-server/process/forkListening.ts";
import { parseServeArgs } from "../../scripts/exampleApps/serveArgs.ts";
import { APP_DIR, BASE_PATH, BUILD_ID, NEXT_BIN, QUIET_ENV, WORKER } from "./internal/paths.ts";

/** `next start` of this app answers in 2.5–6.5 s here (docs/next-app.md); generous for a busy 2-core CI machine. */
const START_TIMEOUT_MS = 60_000;
/** Between attempts to reach the starting server; a start costs a few of them. */
const POLL_INTERVAL_MS = 100;
/** How long Next gets to exit after SIGTERM before it gets SIGKILL. */
const KILL_GRACE_MS = 5_000;
const EXIT_WITH_PARENT = fileURLToPath(new URL("./internal/exitWithParent.cjs", import.meta.url));

function fail(message: string): never {
  process.stderr.write(`next-app: ${message}\n`);
  process.exit(2);
}

const { port: askedPort, host } = parseServeArgs(fail);
if (!existsSync(NEXT_BIN)) fail(`Failed to start the Next.js app: ${NEXT_BIN} is missing. Run node --import tsx examples/next-app/build.ts first.`);
if (!existsSync(BUILD_ID) || !existsSync(WORKER)) {
  fail(`Failed to start the Next.js app: it has no build (${BUILD_ID} or ${WORKER} is missing). Run node --import tsx examples/next-app/build.ts first.`);
}

async function answers(url: string): Promise<boolean> {
  try {
    await (await fetch(url, { redirect: "manual" })).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

let next: ChildProcess | undefined;
let stopping = false;

function stop(): void {
  if (stopping) return;
  stopping = true;
  if (!next || next.exitCode !== null || next.signalCode !== null) process.exit(0);
  const timer = setTimeout(() => next?.kill("SIGKILL"), KILL_GRACE_MS);
  next.once("exit", () => {
    clearTimeout(timer);
    process.exit(0);
  });
  next.kill("SIGTERM");
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
process.on("disconnect", stop);

const port = askedPort === 0 ? await freePort(host) : askedPort;
const origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
next = spawn(process.execPath, ["--require", EXIT_WITH_PARENT, NEXT_BIN, "start", "--hostname", host, "--port", String(port)], {
  cwd: APP_DIR,
  env: { ...process.env, ...QUIET_ENV, NODE_ENV: "production" },
  stdio: ["ignore", "ignore", "inherit", "ipc"],
});
next.on("error", (error) => fail(`Failed to start next: ${error.message}. Run node --import tsx examples/next-app/build.ts to install it.`));
next.on("exit", (code, signal) => {
  if (!stopping) fail(`Failed to serve the Next.js app: next start exited with ${signal ?? `code ${code}`} (port ${port} taken? Try another --port).`);
});

const deadline = performance.now() + START_TIMEOUT_MS;
while (!(await answers(`${origin}${BASE_PATH}/`))) {
  if (stopping) process.exit(0);
  if (performance.now() > deadline) {
    stop();
    fail(
      `Failed to start the Next.js app: ${origin}${BASE_PATH}/ did not answer within ${START_TIMEOUT_MS} ms. Run next start in examples/next-app to see why.`,
    );
  }
  await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
}
process.stdout.write(`Next.js app: ${origin}${BASE_PATH}/\n`);
announceListening(origin, `${origin}${BASE_PATH}/`);
