/**
 * The fixtures every spec uses, as Playwright's own tests write theirs: a mock server per parallel
 * worker (started for the run by startRun.ts), reset before each test; Playwright's
 * `page` and `context`, with the spy in the context; what the probe learned about the app (`facts`);
 * a `controlledPage` fixture, a page of its own context once the app's worker controls it; and
 * `checkProfileFirst()`.
 */
import { type BrowserContext, type BrowserContextOptions, test as base, type Page } from "@playwright/test";
import { loadProfile } from "../../cli/profile/loadProfile.ts";
import type { Profile } from "../../cli/profile/profileSchema.ts";
import type { AppFacts } from "../../kit/appFacts.ts";
import { clauseIdsIn } from "../../kit/clauseId.ts";
import { ENV, readKitEnv } from "../../kit/env.mjs";
import { type AppDriver, appDriver } from "../checks/appDriver.ts";
import { type Spy, spy } from "../checks/spy.ts";
import { applyProfileExclusions, precondition } from "./applicability.ts";
import { takeControl } from "./control.ts";
import { expect } from "./expect.ts";
import { type FullChromium, openFullChromium } from "./fullChromium.ts";
import { type ManifestOverride, overrideManifest } from "./manifestOverride.ts";
import { connectMockServer, type MockServer, startMockServer } from "./mockServerProcess.ts";
import { readFacts } from "./probe/factsFile.ts";
import { runServerOf, serverArgs } from "./startRun.ts";
import { setUpContext } from "./testContext.ts";

const { profile: PROFILE_FILE } = readKitEnv();

/** The titles PCK_EXPECTED_FAILURES names (kit/env.mjs); none when unset. */
function expectedFailuresFromEnv(): string[] {
  const raw = process.env[ENV.expectedFailures];
  if (!raw) return [];
  const parsed: unknown = JSON.parse(raw);
  if (!Array.isArray(parsed) || !parsed.every((title) => typeof title === "string")) {
    throw new Error(`Failed to read ${ENV.expectedFailures}: it must be a JSON array of test titles, not ${raw.slice(0, 80)}.`);
  }
  return parsed;
}

export type { Spy };

export interface TestFixtures {
  /** The mock server of this worker, reset (faults, journal, config) before the test. */
  mock: MockServer;
  /** The app under test, as its profile describes it. */
  app: AppDriver;
  spy: Spy;
  /**
   * A page at the app's home, in a browser context of its own (the spy in it), once the app's worker
   * controls it; the test is inconclusive if none does. Its context is `controlledPage.context()`.
   */
  controlledPage: Page;
  /**
   * Opens the full Chromium with a profile of its own (INS-2, INS-5: what the headless shell cannot
   * do), closed after the test; the test ends not checked where none is installed.
   */
  fullChromium: () => Promise<FullChromium>;
  /**
   * Opens a page in a browser context of its own, set up as the test's (its server, the spy), closed
   * after the test: for reading what a page shows without its worker or storage reaching the test's
   * context (INS-4 reads home's manifest there, so home is never loaded where the test judges).
   */
  apartPage: () => Promise<Page>;
  /** Errors thrown in the page and not caught (`pageerror`), collected for the test to check. */
  pageErrors: Error[];
  /** Marks the test as expected to fail when `expectedFailures` names it (auto). */
  expectedFailure: undefined;
  /** The clause ids on the test for the HTML report, and the profile's exclusions (auto). */
  clauseMarks: undefined;
  /** Playwright's context options for a context of the suite's own (the config's `use`), without a base URL. */
  contextSettings: BrowserContextOptions;
}

export interface WorkerFixtures {
  profile: Profile;
  /** What the probe learned about the app in this run (kit/appFacts.ts), the same for every test. */
  facts: AppFacts;
  /** This worker's mock server: the run's (startRun.ts), or one of its own for a deviant reference build. */
  server: MockServer;
  /**
   * A file served in place of the app's worker script, in every context. Only the suite's self-check
   * sets it (scripts/deviantWorker/: a deliberately deviant worker the specs must catch); no conformance
   * run, flag or environment variable does, so a verdict is always on the app's own worker.
   */
  workerScript: string | undefined;
  /**
   * A build folder of the reference app served in place of the kit's dist/ (the mock server's
   * `--dist`), for this Playwright worker's own server. Only the self-check sets it: a deviant
   * reference built whole, page and both builds, where swapping the worker script cannot show the
   * deviation (an update needs the server's second build).
   */
  referenceDist: string | undefined;
  /**
   * A scenario file the worker's own reference server (`referenceDist`) starts with (`--scenario`):
   * a host's faults on every request, back after each reset. Only the self-check sets it (a deviant
   * host the specs must catch).
   */
  hostScenario: string | undefined;
  /**
   * What the browser gets for the page's web app manifest instead of the app's: another body, or a
   * status. Only the self-check sets it (a deviant manifest the INS specs must catch); the worker's
   * own requests for the file are left alone, so it still installs.
   */
  manifestOverride: ManifestOverride | undefined;
  /**
   * Titles of tests this run expects to fail ("describe › test", or a test's own title): from
   * PCK_EXPECTED_FAILURES (the kit's example-app checks, from each app's record), or the self-check's
   * caught tests. Nothing else changes: the report judges every test by its result.
   */
  expectedFailures: readonly string[];
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  profile: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form.
    async ({}, use) => {
      await use(loadProfile(PROFILE_FILE));
    },
    { scope: "worker" },
  ],
  facts: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form.
    async ({}, use, workerInfo) => {
      await use(readFacts(workerInfo));
    },
    { scope: "worker" },
  ],
  server: [
    async ({ profile, referenceDist, hostScenario }, use, workerInfo) => {
      const shared = referenceDist === undefined ? runServerOf(workerInfo.parallelIndex) : undefined;
      if (shared) {
        await use(connectMockServer(shared));
        return;
      }
      const own = referenceDist === undefined ? [] : ["--dist", referenceDist, ...(hostScenario === undefined ? [] : ["--scenario", hostScenario])];
      const server = await startMockServer([...serverArgs(profile), ...own]);
      await use(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
  workerScript: [undefined, { option: true, scope: "worker" }],
  manifestOverride: [undefined, { option: true, scope: "worker" }],
  referenceDist: [undefined, { option: true, scope: "worker" }],
  hostScenario: [undefined, { option: true, scope: "worker" }],
  expectedFailures: [expectedFailuresFromEnv(), { option: true, scope: "worker" }],
  clauseMarks: [
    async ({ profile }, use, testInfo) => {
      // The clause ids show on each test in the HTML report, next to any not-applicable reason.
      for (const id of clauseIdsIn(testInfo.title)) testInfo.annotations.push({ type: "clause", description: id });
      applyProfileExclusions(profile);
      await use(undefined);
    },
    { auto: true },
  ],
  // Set up before every test (Playwright's own context options need baseURL, which needs it).
  mock: async ({ server }, use) => {
    await server.reset();
    await use(server);
  },
  baseURL: async ({ mock }, use) => {
    await use(mock.origin);
  },
  // The spy lives in every context a test's pages open in (and, for the self-check only, the deviant
  // worker script or manifest).
  context: async ({ context, mock, profile, workerScript, manifestOverride }, use) => {
    await setUpContext(context, mock.origin, { profile, workerScript, manifestOverride });
    await use(context);
  },
  // The options the suite's config sets (a device, service workers); any other goes in `contextOptions`.
  contextSettings: async ({ contextOptions, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, serviceWorkers }, use) => {
    const named = { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, serviceWorkers };
    await use({ ...contextOptions, ...Object.fromEntries(Object.entries(named).filter(([, value]) => value !== undefined)) });
  },
  controlledPage: async ({ mock, browser, contextSettings, facts, profile, workerScript, manifestOverride }, use) => {
    const context = await browser.newContext({ ...contextSettings, baseURL: mock.origin });
    try {
      // Whether the app registers and takes control is REG's subject: here it is only a precondition.
      const page = await precondition(`a service worker controls ${profile.home} (REG-2)`, async () => {
        await setUpContext(context, mock.origin, { profile, workerScript, manifestOverride });
        const own = await context.newPage();
        await takeControl(own, profile.home, facts);
        return own;
      });
      await use(page);
    } finally {
      await context.close();
    }
  },
  apartPage: async ({ mock, browser, contextSettings, profile, workerScript, manifestOverride }, use) => {
    const opened: BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext({ ...contextSettings, baseURL: mock.origin });
      opened.push(context);
      await setUpContext(context, mock.origin, { profile, workerScript, manifestOverride });
      return context.newPage();
    });
    for (const context of opened) await context.close();
  },
  fullChromium: async ({ manifestOverride, mock }, use, testInfo) => {
    const opened: FullChromium[] = [];
    await use(async () => {
      const full = await openFullChromium(testInfo, mock.origin);
      opened.push(full);
      if (manifestOverride !== undefined) await overrideManifest(full.context, manifestOverride);
      return full;
    });
    for (const full of opened) await full.close();
  },
  app: async ({ profile }, use) => {
    await use(appDriver(profile));
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form.
  spy: async ({}, use) => {
    await use(spy);
  },
  // Playwright starts a new worker process after every unexpected failure; an expected one needs none.
  expectedFailure: [
    async ({ expectedFailures }, use, testInfo) => {
      if (expectedFailures.includes(testInfo.titlePath.slice(1).join(" › ")) || expectedFailures.includes(testInfo.title)) testInfo.fail();
      await use(undefined);
    },
    { auto: true },
  ],
  pageErrors: async ({ page }, use) => {
    const errors: Error[] = [];
    page.on("pageerror", (error) => errors.push(error));
    await use(errors);
  },
});

/**
 * Runs `check` on the profile and the probe's facts before each test of the enclosing `describe`
 * sets up its own fixtures: the `needs()` and `notChecked()` it calls then end a test that cannot
 * apply to this app before it opens a browser context or waits for a worker (which costs a second or
 * more per test). The test's body may call the same function again for the value it returns.
 */
export function checkProfileFirst(check: (profile: Profile, facts: AppFacts) => unknown): void {
  test.beforeEach(({ profile, facts }) => {
    check(profile, facts);
  });
}

export { expect };
