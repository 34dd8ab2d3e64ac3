/** How `npm run conformance:next-app` and `npm run bench:check` prepare, serve and judge the next app. */
import { fixtureIn } from "../../scripts/exampleApps/checkRecordedApp.ts";
import { prepareNextApp } from "./build.ts";

export const NEXT_APP_FIXTURE = fixtureIn(new URL(".", import.meta.url), {
  name: "next-app",
  prepare: () => prepareNextApp(),
  // serve.ts reports once Next answers: 2.5–6.5 s here (docs/next-app.md); generous for a busy CI machine.
  startTimeoutMs: 90_000,
});
