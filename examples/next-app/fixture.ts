/** How `npm run conformance:next-app` and `npm run bench:check` prepare, serve and judge the next app. */
import { fileURLToPath } from "node:url";
import type { FixtureApp } from "../../scripts/exampleApps/checkRecordedApp.ts";
import { prepareNextApp } from "./build.ts";

export const NEXT_APP_FIXTURE: FixtureApp = {
  name: "next-app",
  prepare: () => prepareNextApp(),
  serveScript: fileURLToPath(new URL("./serve.ts", import.meta.url)),
  // serve.ts reports once Next answers: 2.5–6.5 s here (docs/next-app.md); generous for a busy CI machine.
  startTimeoutMs: 90_000,
  profile: fileURLToPath(new URL("./profile.json", import.meta.url)),
  record: "docs/next-app.md",
};
