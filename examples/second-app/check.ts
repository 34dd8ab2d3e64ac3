/**
 * `npm run conformance:second-app [-- <playwright test args>]`: builds the second app, serves it,
 * runs the suite against it (report in test-results/second-app/), and compares the verdicts with
 * the ones docs/second-app.md records (see scripts/exampleApps/checkRecordedApp.ts for exit codes).
 */
import { runFixtureCheck } from "../../scripts/exampleApps/checkRecordedApp.ts";
import { SECOND_APP_FIXTURE } from "./fixture.ts";

await runFixtureCheck(SECOND_APP_FIXTURE);
