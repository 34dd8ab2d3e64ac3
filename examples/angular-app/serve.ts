/**
 * Serves the built Angular app on loopback under /ng/ and prints its URL:
 * `node --import tsx examples/angular-app/serve.ts [--port <n>] [--host <addr>]` (build it first with
 * examples/angular-app/build.ts). index.html answers the router's pages (src/app/pages.ts) with 200
 * and any other path under /ng/ with 404, where the router's wildcard route renders "Page not found".
 */
import { serveStaticApp } from "../../scripts/exampleApps/serveStaticApp.ts";
import { DIST } from "./internal/paths.ts";
import { BASE_PATH, pageFor } from "./src/app/pages.ts";

serveStaticApp({
  name: "angular-app",
  title: "Angular app",
  buildCommand: "npm run build:angular-app",
  dist: DIST,
  basePath: BASE_PATH,
  isRoute: (pathname) => pageFor(pathname) !== undefined,
});
