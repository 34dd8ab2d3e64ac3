/**
 * The whole serve.ts of a Next.js fixture app: serves its build with `next start` on loopback and
 * prints its URL (`--port <n>`, default 0: a free port; `--host <addr>`). Forked with IPC, it sends
 * `{ type: "listening", origin, url }` once Next answers. Stops Next on SIGINT/SIGTERM and when its
 * parent goes away; Next also stops by itself if this process is killed (internal/exitWithParent.cjs).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { freePort } from "../../kit/freePort.ts";
import { parsePort } from "../../mock-server/process/cli.ts";
import { announceListening } from "../../mock-server/process/forkListening.ts";
import { type NextFixture, nextBin, QUIET_ENV } from "./nextFixture.ts";

/** `next start` of the Next.js app answers in 2.5–6.5 s here (docs/next-app.md); generous for a busy 2-core CI machine. */
const START_TIMEOUT_MS = 60_000;
/** Between attempts to reach the starting server; a start costs a few of them. */
const POLL_INTERVAL_MS = 100;
/** How long Next gets to exit after SIGTERM before it gets SIGKILL. */
const KILL_GRACE_MS = 5_000;
const EXIT_WITH_PARENT = fileURLToPath(new URL("./internal/exitWithParent.cjs", import.meta.url));

async function answers(url: string): Promise<boolean> {
  try {
    await (await fetch(url, { redirect: "manual" })).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

export async function serveNextFixture(fixture: NextFixture): Promise<void> {
  const fail = (message: string): never => {
    process.stderr.write(`${fixture.name}: ${message}\n`);
    process.exit(2);
  };
  const buildIt = `Run node --import tsx examples/${fixture.name}/build.ts`;
  let values: { port?: string | undefined; host?: string | undefined } = {};
  try {
    ({ values } = parseArgs({ options: { port: { type: "string" }, host: { type: "string" } }, strict: true, allowPositionals: false }));
  } catch (error) {
    fail(`${(error as Error).message}. Options: --port <n> (default 0, any free port), --host <addr> (default 127.0.0.1).`);
  }
  let askedPort = 0;
  try {
    askedPort = parsePort(values.port ?? "0");
  } catch (error) {
    fail((error as Error).message);
  }
  const host = values.host ?? "127.0.0.1";
  const next = nextBin(fixture);
  if (!existsSync(next)) fail(`Failed to start the ${fixture.title}: ${next} is missing. ${buildIt} first.`);
  if (!fixture.built.every((file) => existsSync(file))) {
    fail(`Failed to start the ${fixture.title}: it has no build (${fixture.built.join(" or ")} is missing). ${buildIt} first.`);
  }

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

  const port = askedPort === 0 ? await freePort(host) : askedPort;
  const origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  const home = `${origin}${fixture.basePath}/`;
  server = spawn(process.execPath, ["--require", EXIT_WITH_PARENT, next, "start", "--hostname", host, "--port", String(port)], {
    cwd: fixture.dir,
    env: { ...process.env, ...QUIET_ENV, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  server.on("error", (error) => fail(`Failed to start next: ${error.message}. ${buildIt} to install it.`));
  server.on("exit", (code, signal) => {
    if (!stopping) fail(`Failed to serve the ${fixture.title}: next start exited with ${signal ?? `code ${code}`} (port ${port} taken? Try another --port).`);
  });

  const deadline = performance.now() + START_TIMEOUT_MS;
  while (!(await answers(home))) {
    if (stopping) process.exit(0);
    if (performance.now() > deadline) {
      stop();
      fail(
        `Failed to start the ${fixture.title}: ${home} did not answer within ${START_TIMEOUT_MS} ms. Run next start in examples/${fixture.name} to see why.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
  process.stdout.write(`${fixture.title}: ${home}\n`);
  announceListening(origin, home);
}
