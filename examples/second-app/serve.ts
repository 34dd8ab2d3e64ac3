/**
 * Serves the built second app on loopback and prints its URL:
 * `node --import tsx examples/second-app/serve.ts [--port <n>] [--host <addr>]`.
 * Stops on SIGINT/SIGTERM and, when forked with IPC, when the parent goes away; forked, it also sends
 * `{ type: "listening", origin, url }` to the parent.
 */
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { parsePort } from "../../mock-server/process/cli.ts";
import { announceListening } from "../../mock-server/process/forkListening.ts";
import { BASE_PATH } from "./src/routes.ts";
import { createStaticHost } from "./staticHost.ts";

const DIST = fileURLToPath(new URL("./dist", import.meta.url));

function fail(message: string): never {
  process.stderr.write(`second-app: ${message}\n`);
  process.exit(2);
}

let values: { port?: string | undefined; host?: string | undefined };
try {
  ({ values } = parseArgs({ options: { port: { type: "string" }, host: { type: "string" } }, strict: true, allowPositionals: false }));
} catch (error) {
  fail(`${(error as Error).message}. Options: --port <n> (default 0, any free port), --host <addr> (default 127.0.0.1).`);
}
let port = 0;
try {
  port = parsePort(values.port ?? "0");
} catch (error) {
  fail((error as Error).message);
}
if (!existsSync(`${DIST}/index.html`)) fail(`Failed to serve the second app: ${DIST} has no build. Run npm run build:second-app first.`);

const server = createServer(createStaticHost(DIST));
server.on("error", (error) => fail(`Failed to listen: ${error.message}`));
server.listen(port, values.host ?? "127.0.0.1", () => {
  const { address, port: bound } = server.address() as AddressInfo;
  const origin = `http://${address.includes(":") ? `[${address}]` : address}:${bound}`;
  process.stdout.write(`Second app: ${origin}${BASE_PATH}/\n`);
  announceListening(origin, `${origin}${BASE_PATH}/`);
});

function stop(): void {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
process.on("disconnect", stop);
