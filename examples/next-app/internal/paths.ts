/** Where the Next.js fixture app and its build live, and how it is built; one place for serve.ts and build.ts. */
import { fileURLToPath } from "node:url";
import type { NextFixture } from "../../../scripts/exampleApps/nextFixture.ts";

const APP_DIR = fileURLToPath(new URL("..", import.meta.url));
export const BASE_PATH = "/app";
/** Written by `serwist build` after `next build`. */
const WORKER = `${APP_DIR}public/sw.js`;

export const NEXT_APP: NextFixture = {
  name: "next-app",
  title: "Next.js app",
  dir: APP_DIR,
  basePath: BASE_PATH,
  sources: ["app", "public", "next.config.mjs", "serwist.config.js", "tsconfig.json", "package-lock.json"],
  // BUILD_ID is written last by `next build`; its presence means a finished build.
  built: [`${APP_DIR}.next/BUILD_ID`, WORKER],
  isBuildOutput: (path) => path === WORKER || path === `${WORKER}.map`,
  buildSteps: [
    { what: "build the Next.js app (next build)", script: `${APP_DIR}node_modules/next/dist/bin/next`, args: ["build"] },
    { what: "build the Next.js app's service worker (serwist build)", script: `${APP_DIR}node_modules/@serwist/cli/cli.js`, args: ["build"] },
  ],
};
