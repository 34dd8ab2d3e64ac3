/** Where the @serwist/next webpack fixture app and its build live, and how it is built; one place for serve.ts and build.ts. */
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import type { NextFixture } from "../../../scripts/exampleApps/nextFixture.ts";

const APP_DIR = fileURLToPath(new URL("..", import.meta.url));
export const BASE_PATH = "/swnext";
/** Written by @serwist/next's webpack plugin during `next build --webpack` (next.config.mjs). */
const WORKER = `${APP_DIR}public/sw.js`;

export const SERWIST_WEBPACK_APP: NextFixture = {
  name: "serwist-webpack-app",
  title: "@serwist/next webpack app",
  dir: APP_DIR,
  basePath: BASE_PATH,
  sources: ["app", "public", "next.config.mjs", "tsconfig.json", "package-lock.json"],
  built: [`${APP_DIR}.next/BUILD_ID`, WORKER],
  // The worker and the navigation-cache worker (swe-worker-<hash>.js), with their source maps.
  isBuildOutput: (path) => path === WORKER || path === `${WORKER}.map` || /^swe-worker-.*\.js(\.map)?$/.test(basename(path)),
  // Next 16 builds with Turbopack by default; the plugin hooks into webpack's compilation.
  buildSteps: [
    { what: "build the @serwist/next webpack app (next build --webpack)", script: `${APP_DIR}node_modules/next/dist/bin/next`, args: ["build", "--webpack"] },
  ],
};
