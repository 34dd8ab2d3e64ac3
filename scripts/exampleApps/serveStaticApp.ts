/**
 * The command line of a fixture app's static server (examples/second-app/serve.ts,
 * examples/prompt-app/serve.ts): `--port <n>` (default 0, any free port) and `--host <addr>`
 * (default 127.0.0.1); prints the app's URL. Stops on SIGINT/SIGTERM and, when forked with IPC, when
 * the parent goes away; forked, it also sends `{ type: "listening", origin, url }` to the parent.
 */
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { parsePort } from "../../mock-server/process/cli.ts";
import { announceListening } from "../../mock-server/process/forkListening.ts";
import { createStaticHost, type StaticApp } from "./staticHost.ts";

export interface ServedApp extends StaticApp {
  /** Prefixes messages, e.g. `second-app`. */
  readonly name: string;
  /** Printed before the URL, e.g. `Second app`. */
  readonly title: string;
  /** What builds the app, for the message when `dist` has no build. */
  readonly buildCommand: string;
}

export function serveStaticApp(app: ServedApp): void {
  const fail = (message: string): never => {
    process.stderr.write(`${app.name}: ${message}\n`);
    process.exit(2);
  };
  let values: { port?: string | undefined; host?: string | undefined } = {};
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
  if (!existsSync(`${app.dist}/index.html`)) fail(`Failed to serve the ${app.title.toLowerCase()}: ${app.dist} has no build. Run ${app.buildCommand} first.`);

  const server = createServer(createStaticHost(app));
  server.on("error", (error) => fail(`Failed to listen: ${error.message}`));
  server.listen(port, values.host ?? "127.0.0.1", () => {
    const { address, port: bound } = server.address() as AddressInfo;
    const origin = `http://${address.includes(":") ? `[${address}]` : address}:${bound}`;
    process.stdout.write(`${app.title}: ${origin}${app.basePath}/\n`);
    announceListening(origin, `${origin}${app.basePath}/`);
  });

  function stop(): void {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  }
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  process.on("disconnect", stop);
}
