/** How `npm run conformance:prompt-app` and `npm run bench:check` prepare, serve and judge the prompt app. */
import { fixtureIn } from "../../scripts/exampleApps/checkRecordedApp.ts";
import { preparePromptApp } from "./build.ts";

export const PROMPT_APP_FIXTURE = fixtureIn(new URL(".", import.meta.url), {
  name: "prompt-app",
  prepare: () => preparePromptApp(),
  // The static host starts in well under a second; generous for a busy 2-core CI machine.
  startTimeoutMs: 30_000,
});
