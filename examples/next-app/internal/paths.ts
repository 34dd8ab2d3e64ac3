/** Where the Next.js fixture app and its build live; one place for serve.ts and build.ts. */
import { fileURLToPath } from "node:url";

export const APP_DIR = fileURLToPath(new URL("..", import.meta.url));
export const BASE_PATH = "/app";
export const NEXT_BIN = `${APP_DIR}node_modules/next/dist/bin/next`;
export const SERWIST_BIN = `${APP_DIR}node_modules/@serwist/cli/cli.js`;
/** Written last by `next build`; its presence means a finished build. */
export const BUILD_ID = `${APP_DIR}.next/BUILD_ID`;
/** Written by `serwist build` after `next build`. */
export const WORKER = `${APP_DIR}public/sw.js`;
/** No telemetry, no update checks: the fixture runs on closed networks. */
export const QUIET_ENV = { NEXT_TELEMETRY_DISABLED: "1", NO_UPDATE_NOTIFIER: "1" } as const;
