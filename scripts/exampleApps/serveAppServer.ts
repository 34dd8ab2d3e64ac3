/**
 * The serve.ts of a fixture app whose own server serves it (`next start`, adapter-node's `node
 * build`): starts that server on loopback at a free port (or `--port`), waits until it answers,
 * prints its URL and, forked with IPC, sends `{ type: "listening", origin, url }`. Stops the server on
 * SIGINT/SIGTERM and when its parent goes away; the server also stops by itself if this process is
 * killed (internal/exitWithParent.cjs).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { freePort } from "../../kit/freePort.ts";
import { announceListening } from "../../mock-server/process/forkListening.ts";
import { serveOptions } from "./serveOptions.ts";

/** Between attempts to reach the starting server; a start costs a few of them. */
const POLL_INTERVAL_MS = 100;
/** How long the server gets to exit after SIGTERM before it gets SIGKILL. */
const KILL_GRACE_MS = 5_000;
const EXIT_WITH_PARENT = fileURLToPath(new URL("./internal/exitWithParent.cjs", import.meta.url));

export interface AppServer {
  /** The fixture's folder name, before each message. */
  readonly name: string;
  /** e.g. "Next.js app": the printed URL's label and the messages' subject. */
  readonly title: string;
  /** Why the app cannot be served yet (no install, no build), with what to run; null when it can. */
  readonly notReady: () => string | null;
  /** The server's Node script, its arguments and the environment it needs besides this process's, for a port and host. */
  readonly command: (port: number, host: string) => { readonly script: string; readonly args: readonly string[]; readonly env?: NodeJS.ProcessEnv };
  readonly cwd?: string;
  /** The page that answers once the server is up: the app's home, e.g. `/app/`. */
  readonly homePath: string;
  readonly startTimeoutMs: number;
  /** What a person runs to see why the server did not answer. */
  readonly seeWhy: string;
}

async function answers(url: string): Promise<boolean> {
  try {
    await (await fetch(url, { redirect: "manual" })).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

export async function serveAppServer(app: AppServer): Promise<void> {
  const fail = (message: string): never => {
    process.stderr.write(`${app.name}: ${message}\n`);
    process.exit(2);
  };
  const { port: askedPort, host } = serveOptions(fail);
  const notReady = app.notReady();
  if (notReady) fail(`Failed to start the ${app.title}: ${notReady}`);

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

  // A port chosen here rather than by the server: not every server can report the one it chose.
  const port = askedPort === 0 ? await freePort(host) : askedPort;
  const origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  const home = `${origin}${app.homePath}`;
  const { script, args, env } = app.command(port, host);
  server = spawn(process.execPath, ["--require", EXIT_WITH_PARENT, script, ...args], {
    ...(app.cwd ? { cwd: app.cwd } : {}),
    env: { ...process.env, ...env, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  server.on("error", (error) => fail(`Failed to start the ${app.title}'s server: ${error.message}.`));
  server.on("exit", (code, signal) => {
    if (!stopping) fail(`Failed to serve the ${app.title}: its server exited with ${signal ?? `code ${code}`} (port ${port} taken? Try another --port).`);
  });

  const deadline = performance.now() + app.startTimeoutMs;
  while (!(await answers(home))) {
    if (stopping) process.exit(0);
    if (performance.now() > deadline) {
      stop();
      fail(`Failed to start the ${app.title}: ${home} did not answer within ${app.startTimeoutMs} ms. ${app.seeWhy} to see why.`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
  process.stdout.write(`${app.title}: ${home}\n`);
  announceListening(origin, home);
}
