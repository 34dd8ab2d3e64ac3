/**
 * `npm run conformance:next-app [-- <playwright test args>]`: installs and builds the Next.js +
 * Serwist fixture when it is out of date, serves it with `next start`, runs the suite against it
 * (report in test-results/next-app/), and compares the verdicts with the ones docs/next-app.md
 * records by hand (see scripts/exampleApps/checkRecordedApp.ts for the exit codes).
 */
import { runFixtureCheck } from "../../scripts/exampleApps/checkRecordedApp.ts";
import { NEXT_APP_FIXTURE } from "./fixture.ts";

await runFixtureCheck(NEXT_APP_FIXTURE);
