/** Where the Angular fixture app and its build live; one place for build.ts and serve.ts. */
import { fileURLToPath } from "node:url";

export const APP_DIR = fileURLToPath(new URL("..", import.meta.url));
export const NG_BIN = `${APP_DIR}node_modules/@angular/cli/bin/ng.js`;
/** The application builder's browser output (angular.json's outputPath + `browser`). */
export const DIST = `${APP_DIR}dist/browser`;
/** Written by the service-worker step, after the bundles and index.html. */
export const NGSW_MANIFEST = `${DIST}/ngsw.json`;
/** No analytics prompt or update check: the fixture builds on closed networks and in CI. */
export const QUIET_ENV = { NG_CLI_ANALYTICS: "false", NO_UPDATE_NOTIFIER: "1" } as const;
