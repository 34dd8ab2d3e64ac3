/** How `npm run conformance:angular-app` and `npm run bench:check` prepare, serve and judge the angular app. */
import { fileURLToPath } from "node:url";
import type { FixtureApp } from "../../scripts/exampleApps/checkRecordedApp.ts";
import { prepareAngularApp } from "./build.ts";

export const ANGULAR_APP_FIXTURE: FixtureApp = {
  name: "angular-app",
  prepare: () => prepareAngularApp(),
  serveScript: fileURLToPath(new URL("./serve.ts", import.meta.url)),
  // The static host starts in well under a second; generous for a busy 2-core CI machine.
  startTimeoutMs: 30_000,
  profile: fileURLToPath(new URL("./profile.json", import.meta.url)),
  record: "docs/angular-app.md",
};
