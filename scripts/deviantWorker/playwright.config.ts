/**
 * The suite's self-check (`npx playwright test --config scripts/deviantWorker/playwright.config.ts`,
 * a step of `npm test`): the reference app's specs against deliberately deviant workers
 * (deviants.ts), built by the global setup and served in place of the app's worker script through
 * the specs' `workerScript` option. No conformance report: the verdict is caughtReporter.ts's.
 */
import { defineConfig } from "@playwright/test";
import { ONLINE_STATE_TAG_PATTERN, onlineSwitch } from "../../kit/engines/namespaceRoute.mjs";
import { ENV, readKitEnv } from "../../kit/env.mjs";
// Not from vite.config.ts: every Playwright worker loads this config, and that one loads Vite (0.7 s).
import { DIST_DIR, kitPath } from "../../kit/kitPaths.ts";
import base from "../../playwright.config.ts";
import type { ManifestOverride } from "../../specs/harness/manifestOverride.ts";
import { caughtIn, DEVIANTS, deviantDist, deviantProjects, deviantScenario, deviantScript, editsOf } from "./deviants.ts";

if (readKitEnv().target) {
  throw new Error(`Failed to run the self-check: it swaps the reference app's worker, and ${ENV.target} names another app. Unset ${ENV.target}.`);
}

/** Whether this run can switch the browsers' own online state (inside a network namespace). */
const browserOnlineState = !("unavailable" in onlineSwitch());

export default defineConfig<
  object,
  {
    engine: "chromium" | "firefox" | "webkit";
    workerScript: string | undefined;
    referenceDist: string | undefined;
    hostScenario: string | undefined;
    manifestOverride: ManifestOverride | undefined;
    expectedFailures: readonly string[];
  }
>({
  ...base,
  testDir: kitPath("specs"),
  reporter: [["./caughtReporter.ts"]],
  // Most caught tests fail on purpose, and their traces and screenshots would cost each failure time
  // to write; caughtReporter.ts reports from the errors. To look into one: --project '<deviant>' --trace on.
  use: { ...base.use, trace: "off", screenshot: "off" },
  outputDir: kitPath("test-results", "deviant-worker", "artifacts"),
  // The suite's own run set-up (its folder, the mock servers), then the deviant builds.
  globalSetup: [kitPath("specs", "harness", "startRun.ts"), "./buildDeviantWorkers.ts"],
  // Each deviant is an app of its own: the probe learns it before its tests, as for any app.
  projects: DEVIANTS.flatMap((deviant) => {
    const use = {
      // Expected to fail: no new Playwright worker after each (caughtReporter.ts still reads the result).
      expectedFailures: deviant.caughtBy,
      ...(deviant.kind === "reference"
        ? { referenceDist: deviantDist(deviant) }
        : deviant.kind === "host"
          ? { referenceDist: editsOf(deviant).length > 0 ? deviantDist(deviant) : DIST_DIR, hostScenario: deviantScenario(deviant) }
          : deviant.kind === "manifest"
            ? { manifestOverride: deviant.manifest }
            : { workerScript: deviantScript(deviant) }),
    };
    const probe = `${deviant.name} · probe`;
    // A deviant's probe, and then its few tests, each run in one Playwright worker, one test after
    // another: a worker costs a browser launch and the harness, and 42 projects spread test by test
    // started 76 of them. Different deviants still run side by side, as many as there are workers.
    // In Firefox and WebKit the engine specs run, through kit/engines (each engine's browser in its project's worker).
    return [
      { name: probe, testMatch: "**/probe.setup.ts", use, workers: 1 },
      ...deviantProjects(deviant).map(({ project, engine }) =>
        engine === "chromium"
          ? {
              name: project,
              grep: deviant.grep,
              dependencies: [probe],
              use: { ...use, expectedFailures: caughtIn(deviant, engine) },
              workers: 1,
              testIgnore: "**/engines/**",
            }
          : {
              name: project,
              grep: deviant.grep,
              // Outside a network namespace the tests of the browsers' own online state end not checked: left out.
              ...(browserOnlineState ? {} : { grepInvert: ONLINE_STATE_TAG_PATTERN }),
              dependencies: [probe],
              use: { ...use, engine },
              workers: 1,
              testMatch: "**/engines/*.spec.ts",
            },
      ),
    ];
  }),
});
