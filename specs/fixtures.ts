/**
 * The fixtures every spec uses: one mock server per parallel Playwright worker (started for the whole
 * run by runServers.ts, the global setup; reset before each test), the spy init script in every
 * context, a page the worker already controls, and `checkProfileFirst()`.
 */
import { test as base, type Page } from "@playwright/test";
import { loadProfile } from "../cli/profile/loadProfile.ts";
import type { Profile } from "../cli/profile/profileSchema.ts";
import { clauseIdsIn } from "../kit/clauseId.ts";
import { ENV, readKitEnv } from "../kit/env.mjs";
import { type AppDriver, appDriver } from "./support/appDriver.ts";
import { applyProfileExclusions, precondition } from "./support/applicability.ts";
import { expect } from "./support/expect.ts";
import { type FullChromium, openFullChromium } from "./support/fullChromium.ts";
import { keepWorkerAfterFailure } from "./support/keepWorker.ts";
import { type ManifestOverride, overrideManifest } from "./support/manifestOverride.ts";
import { connectMockServer, type MockServer, startMockServer } from "./support/mockServerProcess.ts";
import { runServerAddress, serverArgs } from "./support/runServers.ts";
import {
  HISTORY_KEY,
  type HistoryChange,
  installSpy,
  OFFLINE_HOLD_KEY,
  POSTS_KEY,
  type PostRecord,
  type RegisterCall,
  UPDATE_CHECKS_KEY,
} from "./support/spy.ts";
import { takeControlOnce } from "./support/takeControl.ts";
import { traceOnFailure } from "./support/traceOnFailure.ts";

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

export interface Spy {
  readonly registerCalls: (page: Page) => Promise<RegisterCall[]>;
  /** Every message the page posted to a worker, oldest first (kept across reloads). */
  readonly posts: (page: Page) => Promise<unknown[]>;
  /** The messages posted while `navigator.onLine` was false. */
  readonly postsWhileOffline: (page: Page) => Promise<unknown[]>;
  /** Every `pushState`/`replaceState`, the app's own included, oldest first. */
  readonly historyChanges: (page: Page) => Promise<HistoryChange[]>;
  /** True once the document has started to unload (a reload or navigation is under way). */
  readonly leaving: (page: Page) => Promise<boolean>;
}

function postRecords(page: Page): Promise<PostRecord[]> {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? "[]") as PostRecord[], POSTS_KEY);
}

const spy: Spy = {
  registerCalls: (page) => page.evaluate(() => window.__pckSpy?.registerCalls ?? []),
  posts: async (page) => (await postRecords(page)).map((post) => post.message),
  postsWhileOffline: async (page) => (await postRecords(page)).filter((post) => !post.onLine).map((post) => post.message),
  historyChanges: (page) => page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? "[]") as HistoryChange[], HISTORY_KEY),
  leaving: (page) => page.evaluate(() => window.__pckSpy?.leaving ?? false),
};

interface TestFixtures {
  /** The mock server of this worker, reset (faults, journal, config) before the test. */
  mock: MockServer;
  /** The app under test, as its profile describes it. */
  app: AppDriver;
  spy: Spy;
  /** A page at the app root that the service worker controls; the test is inconclusive if none does. */
  controlledPage: Page;
  /**
   * Opens the full Chromium with a profile of its own (INS-2, INS-5: what the headless shell cannot
   * do), closed after the test; the test ends not checked where none is installed.
   */
  fullChromium: () => Promise<FullChromium>;
  /** Errors thrown in the page and not caught (`pageerror`), collected for the test to check. */
  pageErrors: Error[];
  /** Marks the test as expected to fail when `expectedFailures` names it (auto). */
  expectedFailure: undefined;
  /** After everything else: lets a failed test keep its Playwright worker (auto; keepWorker.ts). */
  keepWorker: undefined;
}

interface WorkerFixtures {
  profile: Profile;
  /** The mock server's start, begun before the browser's launch so the two overlap. */
  mockServerStarting: Promise<MockServer>;
  mockServer: MockServer;
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
  /**
   * The suite's own traces of failed tests (traceOnFailure.ts), when Playwright records none: on,
   * but for the self-check, whose failures are on purpose.
   */
  failureTraces: boolean;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  profile: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form.
    async ({}, use) => {
      await use(loadProfile(PROFILE_FILE));
    },
    { scope: "worker" },
  ],
  mockServerStarting: [
    async ({ profile, referenceDist }, use, workerInfo) => {
      const address = referenceDist === undefined ? runServerAddress(workerInfo.parallelIndex) : undefined;
      const args = referenceDist === undefined ? serverArgs(profile) : [...serverArgs(profile), "--dist", referenceDist];
      const starting = address ? Promise.resolve(connectMockServer(address)) : startMockServer(args);
      // Awaited by mockServer; a start that fails is that fixture's error, not an unhandled rejection here.
      starting.catch(() => undefined);
      await use(starting);
      await (await starting.catch(() => null))?.stop();
    },
    { scope: "worker" },
  ],
  // The server's process starts while the browser launches (each about half a second to a second,
  // and a test worker starts again after every failed test): fixtures are set up one at a time.
  mockServer: [
    async ({ mockServerStarting, browser }, use) => {
      void browser;
      await use(await mockServerStarting);
    },
    { scope: "worker" },
  ],
  workerScript: [undefined, { option: true, scope: "worker" }],
  manifestOverride: [undefined, { option: true, scope: "worker" }],
  referenceDist: [undefined, { option: true, scope: "worker" }],
  expectedFailures: [expectedFailuresFromEnv(), { option: true, scope: "worker" }],
  failureTraces: [true, { option: true, scope: "worker" }],
  context: async ({ context, workerScript, manifestOverride, profile, baseURL, failureTraces }, use, testInfo) => {
    // The spy lives in every context a test's page opens in; set up with the context, not as an auto
    // fixture, so a test that ends as not applicable before its fixtures opens no browser context.
    await context.addInitScript(installSpy, {
      postsKey: POSTS_KEY,
      historyKey: HISTORY_KEY,
      offlineHoldKey: OFFLINE_HOLD_KEY,
      updateChecksKey: UPDATE_CHECKS_KEY,
    });
    if (workerScript !== undefined) {
      const script = new URL(profile.worker.script, baseURL);
      await context.route(
        (url) => url.origin === script.origin && url.pathname === script.pathname,
        (route) => route.fulfill({ path: workerScript, contentType: "text/javascript", headers: { "cache-control": "no-cache" } }),
      );
    }
    if (manifestOverride !== undefined) await overrideManifest(context, manifestOverride);
    const endTrace = await traceOnFailure(context, testInfo, failureTraces);
    await use(context);
    await endTrace();
  },
  fullChromium: async ({ manifestOverride, mockServer, failureTraces }, use, testInfo) => {
    const opened: { full: FullChromium; endTrace: () => Promise<void> }[] = [];
    await use(async () => {
      const full = await openFullChromium(testInfo, mockServer.origin);
      opened.push({ full, endTrace: await traceOnFailure(full.context, testInfo, failureTraces) });
      if (manifestOverride !== undefined) await overrideManifest(full.context, manifestOverride);
      return full;
    });
    for (const { full, endTrace } of opened) {
      await endTrace();
      await full.close();
    }
  },
  baseURL: async ({ mockServer }, use) => {
    await use(mockServer.origin);
  },
  mock: [
    async ({ mockServer, profile }, use, testInfo) => {
      // The clause ids show on each test in the HTML report, next to any not-applicable reason.
      for (const id of clauseIdsIn(testInfo.title)) testInfo.annotations.push({ type: "clause", description: id });
      applyProfileExclusions(profile);
      await mockServer.reset();
      await use(mockServer);
    },
    { auto: true },
  ],
  app: async ({ profile }, use) => {
    await use(appDriver(profile));
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form.
  spy: async ({}, use) => {
    await use(spy);
  },
  controlledPage: async ({ page, profile }, use, testInfo) => {
    // Whether the app registers and takes control is REG's subject: here it is only a precondition.
    await precondition(`a service worker controls ${profile.home} (REG-2)`, () => takeControlOnce(page, profile.home, testInfo));
    await use(page);
  },
  // Playwright starts a new worker process after every unexpected failure; an expected one needs none.
  expectedFailure: [
    async ({ expectedFailures }, use, testInfo) => {
      if (expectedFailures.includes(testInfo.titlePath.slice(1).join(" › ")) || expectedFailures.includes(testInfo.title)) testInfo.fail();
      await use(undefined);
    },
    { auto: true },
  ],
  keepWorker: [
    async ({ browser }, use, testInfo) => {
      await use(undefined);
      keepWorkerAfterFailure(testInfo, browser);
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
 * Runs `check` on the profile before each test of the enclosing `describe` sets up its own fixtures:
 * the `needs()` and `notChecked()` it calls then end a test that cannot apply to this app before it
 * opens a browser context or waits for a worker (which costs a second or more per test). The test's
 * body may call the same function again for the value it returns.
 */
export function checkProfileFirst(check: (profile: Profile) => unknown): void {
  test.beforeEach(({ profile }) => {
    check(profile);
  });
}

export { expect };
