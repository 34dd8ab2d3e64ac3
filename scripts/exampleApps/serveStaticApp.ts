/**
 * The command line of a static fixture app's serve.ts: `[--port <n>] [--host <addr>]` (port 0, the
 * default, picks a free one), serves the build with scripts/exampleApps/staticHost.ts on loopback and
 * prints its URL. Stops on SIGINT/SIGTERM and, when forked with IPC, when the parent goes away;
 * forked, it also sends `{ type: "listening", origin, url }` to the parent.
 */
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { announceListening } from "../../mock-server/process/forkListening.ts";
import { parseServeArgs } from "./serveArgs.ts";
import { createStaticHost, type StaticApp } from "./staticHost.ts";

export interface ServedApp extends StaticApp {
  /** Prefix of error messages: `second-app`. */
  readonly label: string;
  /** How the URL line names it: `Second app`. */
  readonly title: string;
  /** How messages name it: `the second app`. */
  readonly name: string;
  /** The command that builds it, for the message when there is no build. */
  readonly buildCommand: string;
}

export function serveStaticApp(served: ServedApp): void {
  const fail = (message: string): never => {
    process.stderr.write(`${served.label}: ${message}\n`);
    process.exit(2);
  };

  const { port, host } = parseServeArgs(fail);
  if (!existsSync(`${served.dist}/index.html`)) fail(`Failed to serve ${served.name}: ${served.dist} has no build. Run ${served.buildCommand} first.`);

  const server = createServer(createStaticHost(served));
  server.on("error", (error) => fail(`Failed to listen: ${error.message}`));
  server.listen(port, host, () => {
    const { address, port: bound } = server.address() as AddressInfo;
    const origin = `http://${address.includes(":") ? `[${address}]` : address}:${bound}`;
    process.stdout.write(`${served.title}: ${origin}${served.basePath}/\n`);
    announceListening(origin, `${origin}${served.basePath}/`);
  });

  function stop(): void {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  }
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  process.on("disconnect", stop);
}
