/** How `npm run conformance:second-app` and `npm run bench:check` prepare, serve and judge the second app. */
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { fixtureIn } from "../../scripts/exampleApps/checkRecordedApp.ts";

export const SECOND_APP_FIXTURE = fixtureIn(new URL(".", import.meta.url), {
  name: "second-app",
  prepare: async () => {
    await build({ configFile: fileURLToPath(new URL("./vite.config.ts", import.meta.url)), logLevel: "warn" });
  },
  // The static host starts in well under a second; generous for a busy 2-core CI machine.
  startTimeoutMs: 30_000,
});
