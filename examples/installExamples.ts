/**
 * `node --import tsx examples/installExamples.ts`: `npm ci` in every example app whose
 * install is out of date, one after another. npm test starts it in the background at its outset, so
 * the downloads overlap the unit tests and the browser suite instead of adding to the example apps'
 * steps; each of those steps waits for it, then installs again only what is still out of date (so a
 * failure here is reported, with its output, by the step that needs the app).
 */

import { installApp } from "../scripts/exampleApps/installApp.ts";
import { nextInstall } from "../scripts/exampleApps/prepareNextFixture.ts";
import { ANGULAR_APP_INSTALL } from "./angular-app/build.ts";
import { NEXT_APP } from "./next-app/internal/paths.ts";
import { PROMPT_APP_INSTALL } from "./prompt-app/build.ts";
import { SERWIST_WEBPACK_APP } from "./serwist-webpack-app/internal/paths.ts";
import { SVELTEKIT_APP_INSTALL } from "./sveltekit-app/build.ts";

/** In the order npm test's steps need them. */
const APPS = [nextInstall(NEXT_APP), nextInstall(SERWIST_WEBPACK_APP), PROMPT_APP_INSTALL, ANGULAR_APP_INSTALL, SVELTEKIT_APP_INSTALL];

let failed = 0;
for (const app of APPS) {
  const started = performance.now();
  try {
    await installApp(app);
    console.log(`[installExamples] ${app.title}: installed (or up to date) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    failed += 1;
    console.error(`[installExamples] ${app.title}: ${(error as Error).message}`);
  }
}
process.exitCode = failed === 0 ? 0 : 1;
