/**
 * Serves the built prompt app on loopback and prints its URL:
 * `node --import tsx examples/prompt-app/serve.ts [--port <n>] [--host <addr>]`
 * (scripts/exampleApps/serveStaticApp.ts; the host is scripts/exampleApps/staticHost.ts).
 */
import { fileURLToPath } from "node:url";
import { serveStaticApp } from "../../scripts/exampleApps/serveStaticApp.ts";
import { BASE_PATH, pageFor } from "./src/routes.ts";

serveStaticApp({
  name: "prompt-app",
  title: "Prompt app",
  dist: fileURLToPath(new URL("./dist", import.meta.url)),
  basePath: BASE_PATH,
  isRoute: (pathname) => pageFor(pathname) !== undefined,
  buildCommand: "npm run build:prompt-app",
});
