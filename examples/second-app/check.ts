/**
 * `npm run conformance:second-app [-- <playwright test args>]`: builds the second app, serves it,
 * runs the suite against it (report in test-results/second-app/), and compares the verdicts with
 * the ones docs/second-app.md records (see scripts/exampleApps/checkRecordedApp.ts for exit codes).
 */
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { runFixtureCheck } from "../../scripts/exampleApps/checkRecordedApp.ts";

await runFixtureCheck({
  name: "second-app",
  prepare: async () => {
    await build({ configFile: fileURLToPath(new URL("./vite.config.ts", import.meta.url)), logLevel: "warn" });
  },
  serveScript: fileURLToPath(new URL("./serve.ts", import.meta.url)),
  // The static host starts in well under a second; generous for a busy 2-core CI machine.
  startTimeoutMs: 30_000,
  profile: fileURLToPath(new URL("./profile.json", import.meta.url)),
  record: "docs/second-app.md",
});
