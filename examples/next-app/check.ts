/**
 * `npm run conformance:next-app [-- <playwright test args>]`: installs and builds the Next.js +
 * Serwist fixture when it is out of date, serves it with `next start`, runs the suite against it
 * (report in test-results/next-app/), and compares the verdicts with the ones docs/next-app.md
 * records by hand (see scripts/exampleApps/checkRecordedApp.ts for the exit codes).
 */
import { fileURLToPath } from "node:url";
import { runFixtureCheck } from "../../scripts/exampleApps/checkRecordedApp.ts";
import { prepareNextApp } from "./build.ts";

await runFixtureCheck({
  name: "next-app",
  prepare: () => prepareNextApp(),
  serveScript: fileURLToPath(new URL("./serve.ts", import.meta.url)),
  // serve.ts reports once Next answers: 2.5–6.5 s here (docs/next-app.md); generous for a busy CI machine.
  startTimeoutMs: 90_000,
  profile: fileURLToPath(new URL("./profile.json", import.meta.url)),
  record: "docs/next-app.md",
});
