/** How `npm run conformance:prompt-app` and `npm run bench:check` prepare, serve and judge the prompt app. */
import { fileURLToPath } from "node:url";
import type { FixtureApp } from "../../scripts/exampleApps/checkRecordedApp.ts";
import { preparePromptApp } from "./build.ts";

export const PROMPT_APP_FIXTURE: FixtureApp = {
  name: "prompt-app",
  prepare: () => preparePromptApp(),
  serveScript: fileURLToPath(new URL("./serve.ts", import.meta.url)),
  // The static host starts in well under a second; generous for a busy 2-core CI machine.
  startTimeoutMs: 30_000,
  profile: fileURLToPath(new URL("./profile.json", import.meta.url)),
  record: "docs/prompt-app.md",
};
