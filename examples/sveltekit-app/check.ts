/**
 * `npm run conformance:sveltekit-app [-- <playwright test args>]`: installs and builds the SvelteKit +
 * @vite-pwa/sveltekit fixture when it is out of date, serves it with adapter-node, runs the suite
 * against it (report in test-results/sveltekit-app/), and compares the verdicts with the ones
 * docs/sveltekit-app.md records by hand (see scripts/exampleApps/checkRecordedApp.ts for the exit codes).
 */
import { runFixtureCheck } from "../../scripts/exampleApps/checkRecordedApp.ts";
import { SVELTEKIT_APP_FIXTURE } from "./fixture.ts";

await runFixtureCheck(SVELTEKIT_APP_FIXTURE);
