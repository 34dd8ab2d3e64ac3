/**
 * The mock server's entry, run by bin/serve.mjs (`npm start`, `npm run serve`), which sets up tsx
 * with the project's tsconfig and production React first: parse flags (cli.ts; `--help` lists them all: --port, --host,
 * --base-path, --scenario, --upstream, --record, --replay, --worker-path, --log-level, --control-token, --https), load the
 * scenario, build the app, listen, print the URL. Stops on SIGINT/SIGTERM — in-flight requests get
 * to finish — and, when started by a parent over IPC (the test fixtures), when that parent goes away.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { dirname, resolve } from "node:path";
import { kitPath } from "../../kit/kitPaths.ts";
import { CONTROL_PREFIX } from "../control/controlPaths.ts";
import { createApp } from "../createApp.ts";
import { createLogger } from "../http/logger.ts";
import { serveUpgrades } from "../proxy/serveUpgrades.ts";
import { rendersJsx } from "../reference/renderDocument.tsx";
import { HarRecorder, RecordFileError } from "../replay/harRecorder.ts";
import { HarError, type LoadedHar, loadHarFile } from "../replay/loadHar.ts";
import { loadScenarioFile, ScenarioFileError } from "../scenarios/loadScenarioFile.ts";
import type { Scenario } from "../scenarios/scenarioSchema.ts";
import { CliError, parseCli, USAGE } from "./cli.ts";
import { announceListening } from "./forkListening.ts";
import { type TlsCredentials, tlsCredentials } from "./tlsCredentials.ts";

/** How long in-flight requests get to finish after a stop signal before connections are cut. */
const SHUTDOWN_GRACE_MS = 2_000;

function fail(message: string): never {
  process.stderr.write(`mock-server: ${message}\n`);
  process.exit(2);
}

let options: ReturnType<typeof parseCli>;
try {
  options = parseCli(process.argv.slice(2));
} catch (error) {
  if (error instanceof CliError) fail(error.message);
  throw error;
}
if (options.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}
if (options.version) {
  const { name, version } = JSON.parse(readFileSync(kitPath("package.json"), "utf8")) as { name: string; version: string };
  process.stdout.write(`${name} ${version}\n`);
  process.exit(0);
}

let scenario: Scenario | undefined;
try {
  scenario = options.scenario === undefined ? undefined : loadScenarioFile(options.scenario);
} catch (error) {
  if (error instanceof ScenarioFileError) fail(error.message);
  throw error;
}

// A scenario's HAR is named relative to the scenario file, as an editor shows them side by side.
if (options.replay !== undefined && scenario?.replay !== undefined)
  fail(`--replay and the scenario's replay (${scenario.replay}) both name a HAR: pass one or the other.`);
const replayFile =
  options.replay ?? (scenario?.replay === undefined || options.scenario === undefined ? undefined : resolve(dirname(options.scenario), scenario.replay));
let replay: LoadedHar | undefined;
try {
  replay = replayFile === undefined ? undefined : loadHarFile(replayFile, options.replay ?? scenario?.replay);
} catch (error) {
  if (error instanceof HarError) fail(error.message);
  throw error;
}

if (options.upstream === undefined && replay === undefined && !rendersJsx()) {
  fail(
    "Failed to start: this process compiles the pages' JSX without React's automatic runtime, so every page would answer 500. Start the server with 'npm start -- …' (or 'npm run serve -- …' on an existing build), not mock-server/process/main.ts directly.",
  );
}

// Every file named on the command line is read before the recording's file is written: a start that
// fails leaves that file as it was.
let tls: TlsCredentials | undefined;
try {
  tls = options.https === undefined ? undefined : await tlsCredentials(options.https, options.host);
} catch (error) {
  fail((error as Error).message);
}

const logger = createLogger(options.logLevel);
let recorder: HarRecorder | undefined;
try {
  const { name, version } = JSON.parse(readFileSync(kitPath("package.json"), "utf8")) as { name: string; version: string };
  recorder =
    options.record === undefined
      ? undefined
      : new HarRecorder(
          options.record,
          { name, version },
          {
            controlToken: options.controlToken,
            logger,
            force: options.force,
          },
        );
} catch (error) {
  if (error instanceof RecordFileError) fail(error.message);
  throw error;
}

let mock: ReturnType<typeof createApp>;
try {
  mock = createApp({
    basePath: options.basePath,
    scenario,
    upstream: options.upstream,
    upstreamConnection: options.upstreamConnection,
    replay,
    replayUnmatched: options.replayUnmatched,
    onUpstreamResponse: recorder?.tap,
    workerPath: options.workerPath,
    ...(options.dist === undefined ? {} : { distDir: resolve(options.dist) }),
    controlToken: options.controlToken,
    logger,
  });
} catch (error) {
  fail((error as Error).message);
}

const server = tls === undefined ? createServer(mock.handler) : createHttpsServer({ key: tls.key, cert: tls.cert }, mock.handler);
const closeUpgraded = serveUpgrades(server, mock.upgrade);
server.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EADDRINUSE")
    fail(`Failed to listen on ${options.host}:${options.port}: the port is in use. Pass --port 0 for any free port, or stop what is using it.`);
  if (error.code === "EADDRNOTAVAIL") fail(`Failed to listen on ${options.host}: no such address on this machine. Use 127.0.0.1 or ::1.`);
  fail(`Failed to listen on ${options.host}:${options.port}: ${error.message}`);
});
server.listen(options.port, options.host, () => {
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(":") ? `[${address}]` : address;
  const origin = `${tls === undefined ? "http" : "https"}://${host}:${port}`;
  const url = `${origin}${mock.appPath}`;
  const what =
    options.upstream !== undefined
      ? `Mock server in front of ${options.upstream}`
      : replay !== undefined
        ? `Mock server answering from ${replay.name}`
        : "Mock server with the reference shell";
  const lines = [`${what}: ${url}`, `Control panel: ${origin}${CONTROL_PREFIX}/`, `Control API and journal: ${origin}${CONTROL_PREFIX}/journal`];
  if (scenario) lines.push(`Scenario: ${scenario.name} (${options.scenario})`);
  const inForce = mock.getReplay();
  if (inForce) {
    const { usable, total } = inForce.har.index;
    lines.push(`Replaying ${inForce.har.name}: ${usable} of its ${total} entries answer; unmatched requests: ${inForce.unmatched}`);
  }
  if (recorder) lines.push(`Recording the upstream's answers to ${recorder.file}`);
  if (options.controlToken) lines.push("Control requests need 'Authorization: Bearer <token>' (the token you passed).");
  if (tls !== undefined) {
    lines.push(`TLS certificate for ${tls.covers}`, `  SHA-256 fingerprint: ${tls.fingerprint256}`);
    if (options.https?.certFile === undefined)
      lines.push(
        "  Made at this start, trusted by no device: a browser warns once per visit, and a service worker will not register until the",
        "  device trusts it (install it as a user certificate, or use your own with --tls-cert/--tls-key, e.g. from mkcert).",
      );
  }
  process.stdout.write(`${lines.join("\n")}\n`);
  announceListening(origin, url);
});

let stopping = false;
// Once stopping, a keep-alive connection closes as soon as its response is done, instead of holding
// the exit until SHUTDOWN_GRACE_MS (browsers and Node's fetch keep connections open).
server.on("request", (_req, res) => {
  if (stopping) res.setHeader("connection", "close");
  res.on("finish", () => {
    if (stopping) setImmediate(() => server.closeIdleConnections());
  });
});
function stop(): void {
  if (stopping) return;
  stopping = true;
  server.close(() => {
    // Every entry is on disk already (harRecorder.ts writes each as its response ends).
    recorder?.close();
    process.exit(0);
  });
  server.closeIdleConnections();
  // A WebSocket has no response to finish: it would only hold the exit.
  closeUpgraded();
  setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
process.on("disconnect", stop);
