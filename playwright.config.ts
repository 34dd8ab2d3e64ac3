import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, devices, type ReporterDescription } from "@playwright/test";
import { RUN_METADATA_KEY, runMetadataFromEnv } from "./cli/report/runMetadata.ts";
import { CHROMIUM_ARGS, findChromium } from "./kit/chromium.mjs";
import { type EngineName, parseEngines } from "./kit/engines/engineNames.ts";
import { ENV, readKitEnv } from "./kit/env.mjs";

const chromium = findChromium();
/** The probe's project: the clause tests' only dependency. */
const PROBE_PROJECT = "probe";
/** ".ts" from a clone; ".js" in the installed package, where this file is compiled into lib/ with the specs. */
const ext = extname(fileURLToPath(import.meta.url));

/**
 * `npm run conformance` sets PCK_REPORT_DIR: then the run also writes the per-clause report, the HTML
 * report and JUnit XML there. CI runs add the HTML report; a plain local run just lists.
 */
const { reportDir, target, progress, engines } = readKitEnv();
/**
 * Engines besides Chromium (PCK_ENGINES, set by `check --engines`): a project each, running the engine
 * specs (specs/engines/) through kit/engines. Chromium's own specs are the rest, as before.
 */
const named = engines === undefined ? [] : parseEngines(engines, ENV.engines);
const otherEngines = named.filter((engine) => engine !== "chromium");
/** With other engines named, the engine specs run in Chromium too: a difference is then the engine's, not the check's. */
export const CHROMIUM_ENGINE_SPECS = "chromium engine specs";
/** A line per test, or (PCK_OUTPUT=progress) a progress line every few seconds. */
const perTest: ReporterDescription = progress ? [`./cli/report/progressReporter${ext}`] : ["list"];
const reporter: ReporterDescription[] = reportDir
  ? [
      perTest,
      [`./cli/report/conformanceReporter${ext}`],
      ["html", { open: "never", outputFolder: `${reportDir}/html` }],
      ["junit", { outputFile: `${reportDir}/junit.xml` }],
    ]
  : process.env.CI
    ? [perTest, ["html", { open: "never", outputFolder: "test-results/html" }], ["junit", { outputFile: "test-results/junit.xml" }]]
    : [perTest];

/** In target mode, the specs that need the reference served by the mock server itself. */
const targetIgnore = target
  ? [
      `**/panel.spec${ext}`,
      `**/offline-switch.spec${ext}`,
      `**/injected-exception.spec${ext}`,
      `**/deploy.spec${ext}`,
      `**/https.spec${ext}`,
      `**/dev-server-proxy.spec${ext}`,
      // Swaps the app's worker for one of its own, in test workers of its own (a worker-scoped option).
      `**/worker-temperature.spec${ext}`,
    ]
  : [];

export default defineConfig<object, { engine: EngineName }>({
  // What the report needs beyond the results, kept in every shard's blob for `pwa-conformance-kit merge`.
  metadata: { [RUN_METADATA_KEY]: runMetadataFromEnv() },
  testDir: "specs",
  testMatch: `**/*.spec${ext}`,
  // The control panel's, the network switch's and the journal's specs test the kit's own mock server, not the app: a
  // check of someone else's app (PCK_TARGET) leaves them out. Their clause-carrying tests need the reference app anyway.
  testIgnore: targetIgnore,
  // The run's folder (the probe's facts) and one mock server per parallel worker for the whole run: a
  // test worker replaced after a failed test takes over its predecessor's instead of starting one.
  globalSetup: `./specs/harness/startRun${ext}`,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // A flake is fixed at its cause, never retried away.
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  reporter,
  // A conformance run keeps its traces beside its report: links from the report stay short, and two
  // runs at once (a fixture check beside the suite) never clean each other's artifacts away.
  outputDir: reportDir ? `${reportDir}/artifacts` : "test-results/artifacts",
  use: {
    ...devices["Desktop Chrome"],
    serviceWorkers: "allow",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { args: CHROMIUM_ARGS, ...(chromium?.executablePath ? { executablePath: chromium.executablePath } : {}) },
  },
  projects: [
    // What the kit learns about the app once, before any clause test (specs/probe.setup.ts). A setup
    // project: it runs in every run, whatever --grep or --shard leave of the clause tests.
    { name: PROBE_PROJECT, testMatch: `**/probe.setup${ext}` },
    { name: "chromium", dependencies: [PROBE_PROJECT], testIgnore: [...targetIgnore, `**/engines/**`] },
    ...[
      ...(otherEngines.length > 0 && named.includes("chromium") ? [{ name: CHROMIUM_ENGINE_SPECS, engine: "chromium" as const }] : []),
      ...otherEngines.map((engine) => ({ name: engine, engine })),
    ].map(({ name, engine }) => ({ name, dependencies: [PROBE_PROJECT], testMatch: `**/engines/*.spec${ext}`, use: { engine } })),
  ],
});
