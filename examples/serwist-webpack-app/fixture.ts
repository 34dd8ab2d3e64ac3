/** How `npm run conformance:serwist-webpack-app` and `npm run bench:check` prepare, serve and judge the serwist webpack app. */
import { fixtureIn } from "../../scripts/exampleApps/checkRecordedApp.ts";
import { prepareSerwistWebpackApp } from "./build.ts";

export const SERWIST_WEBPACK_APP_FIXTURE = fixtureIn(new URL(".", import.meta.url), {
  name: "serwist-webpack-app",
  prepare: () => prepareSerwistWebpackApp(),
  // serve.ts reports once Next answers: 2.5–6.5 s for the Next.js app (docs/next-app.md); generous for a busy CI machine.
  startTimeoutMs: 90_000,
});
