/**
 * `node --import tsx examples/prepareExamples.ts`: gets every example app npm test checks ready to
 * serve, as each app's own check would: first `npm ci` where an install is out of date (all of them,
 * so the downloads come early), then each app's build where it is out of date, in the order npm
 * test's steps need them. npm test runs it in the background from its outset, at a lower priority
 * than the steps beside it, so installs and builds overlap the unit tests and the browser suites
 * instead of adding to the example apps' steps. Each of those steps waits for it, then prepares again
 * only what is still out of date: a failure here is reported, with its output, by the step that
 * needs the app.
 */

import type { FixtureApp } from "../scripts/exampleApps/checkRecordedApp.ts";
import { installApp } from "../scripts/exampleApps/installApp.ts";
import { nextInstall } from "../scripts/exampleApps/prepareNextFixture.ts";
import { ANGULAR_APP_INSTALL } from "./angular-app/build.ts";
import { ANGULAR_APP_FIXTURE } from "./angular-app/fixture.ts";
import { NEXT_APP_FIXTURE } from "./next-app/fixture.ts";
import { NEXT_APP } from "./next-app/internal/paths.ts";
import { PROMPT_APP_INSTALL } from "./prompt-app/build.ts";
import { PROMPT_APP_FIXTURE } from "./prompt-app/fixture.ts";
import { SERWIST_WEBPACK_APP_FIXTURE } from "./serwist-webpack-app/fixture.ts";
import { SERWIST_WEBPACK_APP } from "./serwist-webpack-app/internal/paths.ts";
import { SVELTEKIT_APP_INSTALL } from "./sveltekit-app/build.ts";
import { SVELTEKIT_APP_FIXTURE } from "./sveltekit-app/fixture.ts";

/** In the order npm test's steps need them: init checks the prompt app, then each app has its step. */
const INSTALLS = [PROMPT_APP_INSTALL, nextInstall(NEXT_APP), nextInstall(SERWIST_WEBPACK_APP), ANGULAR_APP_INSTALL, SVELTEKIT_APP_INSTALL];
const BUILDS: readonly FixtureApp[] = [PROMPT_APP_FIXTURE, NEXT_APP_FIXTURE, SERWIST_WEBPACK_APP_FIXTURE, ANGULAR_APP_FIXTURE, SVELTEKIT_APP_FIXTURE];

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

let failed = 0;
async function phase(what: string, title: string, work: () => Promise<void>): Promise<void> {
  const started = performance.now();
  try {
    await work();
    console.log(`[prepareExamples] ${title}: ${what} (or up to date) in ${seconds(started)}`);
  } catch (error) {
    failed += 1;
    console.error(`[prepareExamples] ${title}: ${(error as Error).message}`);
  }
}

for (const app of INSTALLS) await phase("installed", app.title, () => installApp(app));
for (const app of BUILDS) await phase("built", app.name, () => app.prepare());
process.exitCode = failed === 0 ? 0 : 1;
