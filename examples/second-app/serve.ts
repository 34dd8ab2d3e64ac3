/**
 * Serves the built second app on loopback and prints its URL:
 * `node --import tsx examples/second-app/serve.ts [--port <n>] [--host <addr>]`.
 * Stops on SIGINT/SIGTERM and, when forked with IPC, when the parent goes away; forked, it also sends
 * `{ type: "listening", origin, url }` to the parent.
 */
import { fileURLToPath } from "node:url";
import { serveStaticApp } from "../../scripts/exampleApps/serveStaticApp.ts";
import { BASE_PATH, routeFor } from "./src/routes.ts";

serveStaticApp({
  label: "second-app",
  title: "Second app",
  name: "the second app",
  buildCommand: "npm run build:second-app",
  dist: fileURLToPath(new URL("./dist", import.meta.url)),
  basePath: BASE_PATH,
  isRoute: (pathname) => routeFor(pathname) !== undefined,
});
