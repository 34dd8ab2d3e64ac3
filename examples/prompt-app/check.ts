/**
 * `npm run conformance:prompt-app [-- <playwright test args>]`: installs and builds the prompt app
 * when it is out of date, serves it, runs the suite against it (report in test-results/prompt-app/),
 * and compares the verdicts with the ones docs/prompt-app.md records by hand (see
 * scripts/exampleApps/checkRecordedApp.ts for the exit codes).
 */
import { runFixtureCheck } from "../../scripts/exampleApps/checkRecordedApp.ts";
import { PROMPT_APP_FIXTURE } from "./fixture.ts";

await runFixtureCheck(PROMPT_APP_FIXTURE);
