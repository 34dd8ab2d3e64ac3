/**
 * `npm run conformance:angular-app [-- <playwright test args>]`: installs and builds the Angular +
 * @angular/service-worker fixture when it is out of date, serves it, runs the suite against it
 * (report in test-results/angular-app/), and compares the verdicts with the ones
 * docs/angular-app.md records by hand (see scripts/exampleApps/checkRecordedApp.ts for the exit codes).
 */
import { fileURLToPath } from "node:url";
import { runFixtureCheck } from "../../scripts/exampleApps/checkRecordedApp.ts";
import { prepareAngularApp } from "./build.ts";

await runFixtureCheck({
  name: "angular-app",
  prepare: () => prepareAngularApp(),
  serveScript: fileURLToPath(new URL("./serve.ts", import.meta.url)),
  // The static host starts in well under a second; generous for a busy 2-core CI machine.
  startTimeoutMs: 30_000,
  profile: fileURLToPath(new URL("./profile.json", import.meta.url)),
  record: "docs/angular-app.md",
});
