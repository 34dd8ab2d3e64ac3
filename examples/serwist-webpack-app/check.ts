/**
 * `npm run conformance:serwist-webpack-app [-- <playwright test args>]`: installs and builds the
 * Next.js + @serwist/next webpack fixture when it is out of date, serves it with `next start`, runs
 * the suite against it (report in test-results/serwist-webpack-app/), and compares the verdicts with
 * the ones docs/serwist-webpack-app.md records by hand (see scripts/exampleApps/checkRecordedApp.ts
 * for the exit codes).
 */
import { runFixtureCheck } from "../../scripts/exampleApps/checkRecordedApp.ts";
import { SERWIST_WEBPACK_APP_FIXTURE } from "./fixture.ts";

await runFixtureCheck(SERWIST_WEBPACK_APP_FIXTURE);
