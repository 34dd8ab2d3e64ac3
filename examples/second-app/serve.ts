/**
 * Serves the built second app on loopback and prints its URL:
 * `node --import tsx examples/second-app/serve.ts [--port <n>] [--host <addr>]`
 * (scripts/exampleApps/serveStaticApp.ts; the host is scripts/exampleApps/staticHost.ts).
 */
import { fileURLToPath } from "node:url";
import { serveStaticApp } from "../../scripts/exampleApps/serveStaticApp.ts";
import { BASE_PATH, routeFor } from "./src/routes.ts";

serveStaticApp({
  name: "second-app",
  title: "Second app",
  dist: fileURLToPath(new URL("./dist", import.meta.url)),
  basePath: BASE_PATH,
  isRoute: (pathname) => routeFor(pathname) !== undefined,
  buildCommand: "npm run build:second-app",
});
