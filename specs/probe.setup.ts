/**
 * The probe: what the kit learns about the app once, before the clause tests (a Playwright setup
 * project they depend on, so it runs in every run, whatever the filter or shard). Two parts, side by
 * side on the run's two workers: how the worker takes control and answers navigations, and what the
 * app does with its own navigations. It judges nothing: it never fails on what the app does (a
 * worker that never takes control is a fact like any other), only when the kit's own machinery breaks,
 * and then no clause test runs (the report says why). Its trace shows every step it took.
 */
import { PROBE_TAG } from "../kit/appFacts.ts";
import { ENGINE_BUILD_ANNOTATION } from "../kit/engines/engineNames.ts";
import { CONTROL_TIMEOUT_MS } from "../kit/workerControl.ts";
import { test } from "./harness/fixtures.ts";
import { writeFactsPart } from "./harness/probe/factsFile.ts";
import { learnControl } from "./harness/probe/learnControl.ts";
import { learnNavigation } from "./harness/probe/learnNavigation.ts";

test.describe.configure({ mode: "parallel" });

/** Two control waits (the second while a worker is still installing), a navigation per page and more besides. */
const PROBE_TIMEOUT_MS = 2 * CONTROL_TIMEOUT_MS + 30_000;

test("probe: how the app's worker takes control and who answers its navigations", { tag: PROBE_TAG }, async ({ page, mock, app, baseURL }, testInfo) => {
  test.setTimeout(PROBE_TIMEOUT_MS);
  // The report names the Chromium build that ran the suite (its engine column's heading).
  testInfo.annotations.push({ type: ENGINE_BUILD_ANNOTATION, description: `Chromium ${page.context().browser()?.version() ?? "(version unknown)"}` });
  await writeFactsPart(testInfo, "control", await learnControl(page, mock, app, baseURL ?? mock.origin));
});

test("probe: what the app does with its own navigations and with posted ones", { tag: PROBE_TAG }, async ({ page, app, spy, baseURL, mock }, testInfo) => {
  test.setTimeout(PROBE_TIMEOUT_MS);
  await writeFactsPart(testInfo, "navigation", await learnNavigation(page, app, spy, baseURL ?? mock.origin));
});
