/**
 * The mock server's entry: parse flags, build the app, listen, print the URL. Stops on SIGINT/SIGTERM
 * and, when started by a parent over IPC (the test fixtures), when that parent goes away.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { CliError, parseCli, USAGE } from "./cli.ts";
import { createApp } from "./createApp.ts";
import { createLogger } from "./logger.ts";

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

let mock: ReturnType<typeof createApp>;
try {
  mock = createApp({ basePath: options.basePath, logger: createLogger("info") });
} catch (error) {
  fail((error as Error).message);
}

const server = createServer(mock.handler);
server.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EADDRINUSE")
    fail(`Failed to listen on ${options.host}:${options.port}: the port is in use. Pass --port 0 for any free port, or stop what is using it.`);
  if (error.code === "EADDRNOTAVAIL") fail(`Failed to listen on ${options.host}: no such address on this machine. Use 127.0.0.1 or ::1.`);
  fail(`Failed to listen on ${options.host}:${options.port}: ${error.message}`);
});
server.listen(options.port, options.host, () => {
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(":") ? `[${address}]` : address;
  const url = `http://${host}:${port}${mock.appPath}`;
  process.stdout.write(`Mock server with the reference shell: ${url}\nControl API and journal: http://${host}:${port}/__mock/journal\n`);
  process.send?.({ type: "listening", url, origin: `http://${host}:${port}` });
});

let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
process.on("disconnect", stop);
