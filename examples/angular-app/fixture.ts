/** How `npm run conformance:angular-app` and `npm run bench:check` prepare, serve and judge the angular app. */
import { fixtureIn } from "../../scripts/exampleApps/checkRecordedApp.ts";
import { prepareAngularApp } from "./build.ts";

export const ANGULAR_APP_FIXTURE = fixtureIn(new URL(".", import.meta.url), {
  name: "angular-app",
  prepare: () => prepareAngularApp(),
  // The static host starts in well under a second; generous for a busy 2-core CI machine.
  startTimeoutMs: 30_000,
});
