/**
 * `npm run conformance:serwist-webpack-app [-- <playwright test args>]`: installs and builds the
 * Next.js + @serwist/next webpack fixture when it is out of date, serves it with `next start`, runs
 * the suite against it (report in test-results/serwist-webpack-app/), and compares the verdicts with
 * the ones docs/serwist-webpack-app.md records by hand (see scripts/exampleApps/checkRecordedApp.ts
 * for the exit codes).
 */
import { fileURLToPath } from "node:url";
import { runFixtureCheck } from "../../scripts/exampleApps/checkRecordedApp.ts";
import { prepareSerwistWebpackApp } from "./build.ts";

await runFixtureCheck({
  name: "serwist-webpack-app",
  prepare: () => prepareSerwistWebpackApp(),
  serveScript: fileURLToPath(new URL("./serve.ts", import.meta.url)),
  // serve.ts reports once Next answers: 2.5–6.5 s for the Next.js app (docs/next-app.md); generous for a busy CI machine.
  startTimeoutMs: 90_000,
  profile: fileURLToPath(new URL("./profile.json", import.meta.url)),
  record: "docs/serwist-webpack-app.md",
});
