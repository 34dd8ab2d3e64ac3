/** How `npm run conformance:sveltekit-app` prepares, serves and judges the SvelteKit app. */
import { fixtureIn } from "../../scripts/exampleApps/checkRecordedApp.ts";
import { prepareSvelteKitApp } from "./build.ts";

export const SVELTEKIT_APP_FIXTURE = fixtureIn(new URL(".", import.meta.url), {
  name: "sveltekit-app",
  prepare: () => prepareSvelteKitApp(),
  // adapter-node answers in well under a second; generous for a busy 2-core CI machine.
  startTimeoutMs: 30_000,
});
