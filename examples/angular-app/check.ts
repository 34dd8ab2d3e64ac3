/**
 * `npm run conformance:angular-app [-- <playwright test args>]`: installs and builds the Angular +
 * @angular/service-worker fixture when it is out of date, serves it, runs the suite against it
 * (report in test-results/angular-app/), and compares the verdicts with the ones
 * docs/angular-app.md records by hand (see scripts/exampleApps/checkRecordedApp.ts for the exit codes).
 */
import { runFixtureCheck } from "../../scripts/exampleApps/checkRecordedApp.ts";
import { ANGULAR_APP_FIXTURE } from "./fixture.ts";

await runFixtureCheck(ANGULAR_APP_FIXTURE);
