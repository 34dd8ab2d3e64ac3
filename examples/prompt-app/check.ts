/**
 * `npm run conformance:prompt-app [-- <playwright test args>]`: installs and builds the prompt app
 * when it is out of date, serves it, runs the suite against it (report in test-results/prompt-app/),
 * and compares the verdicts with the ones docs/prompt-app.md records by hand (see
 * scripts/exampleApps/checkRecordedApp.ts for the exit codes).
 */
import { fileURLToPath } from "node:url";
import { runFixtureCheck } from "../../scripts/exampleApps/checkRecordedApp.ts";
import { preparePromptApp } from "./build.ts";

await runFixtureCheck({
  name: "prompt-app",
  prepare: () => preparePromptApp(),
  serveScript: fileURLToPath(new URL("./serve.ts", import.meta.url)),
  // The static host starts in well under a second; generous for a busy 2-core CI machine.
  startTimeoutMs: 30_000,
  profile: fileURLToPath(new URL("./profile.json", import.meta.url)),
  record: "docs/prompt-app.md",
});
