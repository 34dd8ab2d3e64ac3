/**
 * The command line of a fixture app's static server (examples/second-app/serve.ts,
 * examples/prompt-app/serve.ts): `--port <n>` (default 0, any free port) and `--host <addr>`
 * (default 127.0.0.1); prints the app's URL. Stops on SIGINT/SIGTERM and, when forked with IPC, when
 * the parent goes away; forked, it also sends `{ type: "listening", origin, url }` to the parent.
 */
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { announceListening } from "../../mock-server/process/forkListening.ts";
import { serveOptions } from "./serveOptions.ts";
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
  const { port, host } = serveOptions(fail);
  if (!existsSync(`${app.dist}/index.html`)) fail(`Failed to serve the ${app.title.toLowerCase()}: ${app.dist} has no build. Run ${app.buildCommand} first.`);

  const server = createServer(createStaticHost(app));
  server.on("error", (error) => fail(`Failed to listen: ${error.message}`));
  server.listen(port, host, () => {
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
