/** How `npm run conformance:serwist-webpack-app` and `npm run bench:check` prepare, serve and judge the serwist webpack app. */
import { fileURLToPath } from "node:url";
import type { FixtureApp } from "../../scripts/exampleApps/checkRecordedApp.ts";
import { prepareSerwistWebpackApp } from "./build.ts";

export const SERWIST_WEBPACK_APP_FIXTURE: FixtureApp = {
  name: "serwist-webpack-app",
  prepare: () => prepareSerwistWebpackApp(),
  serveScript: fileURLToPath(new URL("./serve.ts", import.meta.url)),
  // serve.ts reports once Next answers: 2.5–6.5 s for the Next.js app (docs/next-app.md); generous for a busy CI machine.
  startTimeoutMs: 90_000,
  profile: fileURLToPath(new URL("./profile.json", import.meta.url)),
  record: "docs/serwist-webpack-app.md",
};
