/**
 * The fixtures every spec uses: two mock servers per parallel Playwright worker (started for the
 * whole run by runServers.ts, the global setup; the one a test runs on is reset before it), the spy
 * init script in every context, a page the worker already controls (made ready while the test
 * before runs: preparedPages.ts), and `checkProfileFirst()`.
 */
import { type Browser, type BrowserContext, type BrowserContextOptions, test as base, type Page, type TestInfo } from "@playwright/test";
import { loadProfile } from "../cli/profile/loadProfile.ts";
import type { Profile } from "../cli/profile/profileSchema.ts";
import { clauseIdsIn } from "../kit/clauseId.ts";
import { ENV, readKitEnv } from "../kit/env.mjs";
import { SUITE_NOTE } from "../kit/outcomes.ts";
import { type AppDriver, appDriver } from "./support/appDriver.ts";
import { applyProfileExclusions, precondition } from "./support/applicability.ts";
import { expect } from "./support/expect.ts";
import { recordFailure } from "./support/failureArtifacts.ts";
import { type FullChromium, openFullChromium } from "./support/fullChromium.ts";
import { keepWorkerFixture } from "./support/keepWorker.ts";
import { type ManifestOverride, overrideManifest } from "./support/manifestOverride.ts";
import { connectMockServer, type MockServer, startMockServer } from "./support/mockServerProcess.ts";
import { type Binding, PreparedPages, wantsControlledPage } from "./support/preparedPages.ts";
import { runServerAddresses, serverArgs } from "./support/runServers.ts";
import { HISTORY_KEY, type HistoryChange, POSTS_KEY, type PostRecord, type RegisterCall } from "./support/spy.ts";
import { RELOADED_NOTE, takeControlOnce } from "./support/takeControl.ts";
import { type ContextSetUp, setUpContext } from "./support/testContext.ts";

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

/**
 * What a test's fixtures share: the context they made, or the controlled page it took, and what
 * ends each context the test owns. Ended when the test is over (the `held` fixture's teardown), so a
 * test whose set-up failed, say no worker took control, still keeps its trace: its status is known
 * by then.
 */
interface Held {
  fresh?: BrowserContext;
  freshPage?: Page;
  controlled?: { readonly context: BrowserContext; readonly page: Page };
  readonly ends: (() => Promise<void>)[];
}

interface InternalTestFixtures {
  /** The mock server the test runs on, and the prepared page it may take there (preparedPages.ts). */
  binding: Binding;
  held: Held;
  /** Playwright's context options for the test (the config's `use`), baseURL included. */
  contextSettings: BrowserContextOptions;
}

interface InternalWorkerFixtures {
  /** The worker's mock servers' start, begun before the browser's launch so the two overlap. */
  mockServersStarting: Promise<MockServer[]>;
  /** The next test's controlled page, made ready on the server the current test does not use. */
  preparedPages: PreparedPages;
}

interface WorkerFixtures {
  profile: Profile;
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
   * The suite's own trace and screenshots of a failed test (failureArtifacts.ts), when Playwright
   * traces nothing: on, but for the self-check, whose failures are on purpose.
   */
  failureArtifacts: boolean;
}

export const test = base.extend<TestFixtures & InternalTestFixtures, WorkerFixtures & InternalWorkerFixtures>({
  profile: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form.
    async ({}, use) => {
      await use(loadProfile(PROFILE_FILE));
    },
    { scope: "worker" },
  ],
  mockServersStarting: [
    async ({ profile, referenceDist }, use, workerInfo) => {
      const addresses = referenceDist === undefined ? runServerAddresses(workerInfo.parallelIndex) : undefined;
      const args = referenceDist === undefined ? serverArgs(profile) : [...serverArgs(profile), "--dist", referenceDist];
      const starting = addresses ? Promise.resolve(addresses.map(connectMockServer)) : startMockServer(args).then((server) => [server]);
      // Awaited by preparedPages; a start that fails is that fixture's error, not an unhandled rejection here.
      starting.catch(() => undefined);
      await use(starting);
      for (const server of (await starting.catch(() => null)) ?? []) await server.stop();
    },
    { scope: "worker" },
  ],
  // The server's process starts while the browser launches (each about half a second to a second):
  // fixtures are set up one at a time.
  preparedPages: [
    async ({ mockServersStarting, browser, profile, workerScript, manifestOverride }, use) => {
      const pages = new PreparedPages(await mockServersStarting, browser, profile.home, (context, server) =>
        setUpContext(context, server.origin, { profile, workerScript, manifestOverride }),
      );
      await use(pages);
      await pages.close();
    },
    { scope: "worker" },
  ],
  workerScript: [undefined, { option: true, scope: "worker" }],
  manifestOverride: [undefined, { option: true, scope: "worker" }],
  referenceDist: [undefined, { option: true, scope: "worker" }],
  expectedFailures: [expectedFailuresFromEnv(), { option: true, scope: "worker" }],
  failureArtifacts: [true, { option: true, scope: "worker" }],
  binding: async ({ preparedPages }, use, testInfo) => {
    await use(await preparedPages.bind(wantsControlledPage(testInfo)));
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form.
  held: async ({}, use) => {
    const held: Held = { ends: [] };
    await use(held);
    for (const end of held.ends.reverse()) await end();
  },
  // The options the suite's config sets (a device, service workers, the base URL); any other goes in `contextOptions`.
  contextSettings: async ({ contextOptions, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, serviceWorkers, baseURL }, use) => {
    const named = { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, serviceWorkers, baseURL };
    await use({ ...contextOptions, ...Object.fromEntries(Object.entries(named).filter(([, value]) => value !== undefined)) });
  },
  // Playwright's own context, made here so that a test's `context` is its controlled page's when it
  // has one (preparedPages.ts), and recorded for its failure (failureArtifacts.ts).
  context: async ({ browser, binding, held, preparedPages, contextSettings, profile, workerScript, manifestOverride, failureArtifacts }, use, testInfo) => {
    if (held.controlled) {
      await use(held.controlled.context);
      return;
    }
    // Asked for before `controlledPage`, if at all: the page prepared on this server is not this test's.
    await preparedPages.discard(binding);
    // The spy lives in every context a test's page opens in; set up with the context, not as an auto
    // fixture, so a test that ends as not applicable before its fixtures opens no browser context.
    held.fresh = await ownContext(browser, binding, contextSettings, { profile, workerScript, manifestOverride }, held, testInfo, failureArtifacts);
    preparedPages.prepareBeside(binding.server, contextSettings);
    await use(held.fresh);
  },
  page: async ({ context, held }, use) => {
    if (held.controlled) {
      await use(held.controlled.page);
      return;
    }
    held.freshPage = await context.newPage();
    await use(held.freshPage);
  },
  fullChromium: async ({ manifestOverride, binding, failureArtifacts }, use, testInfo) => {
    const opened: { full: FullChromium; endRecording: () => Promise<void> }[] = [];
    await use(async () => {
      const full = await openFullChromium(testInfo, binding.server.origin);
      opened.push({ full, endRecording: await recordFailure(full.context, testInfo, failureArtifacts) });
      if (manifestOverride !== undefined) await overrideManifest(full.context, manifestOverride);
      return full;
    });
    for (const { full, endRecording } of opened) {
      await endRecording();
      await full.close();
    }
  },
  baseURL: async ({ binding }, use) => {
    await use(binding.server.origin);
  },
  mock: [
    async ({ binding, profile }, use, testInfo) => {
      // The clause ids show on each test in the HTML report, next to any not-applicable reason.
      for (const id of clauseIdsIn(testInfo.title)) testInfo.annotations.push({ type: "clause", description: id });
      applyProfileExclusions(profile);
      // Reset by preparedPages.bind(), or before its page was prepared.
      await use(binding.server);
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
  controlledPage: async (
    { browser, binding, held, preparedPages, contextSettings, profile, workerScript, manifestOverride, failureArtifacts },
    use,
    testInfo,
  ) => {
    // Whether the app registers and takes control is REG's subject: here it is only a precondition.
    const session = await precondition(`a service worker controls ${profile.home} (REG-2)`, async () => {
      const prepared = await preparedPages.take(binding, contextSettings);
      if (prepared) {
        if (prepared.reloaded) testInfo.annotations.push({ type: SUITE_NOTE, description: RELOADED_NOTE });
        const endRecording = await recordFailure(prepared.context, testInfo, failureArtifacts);
        held.ends.push(async () => {
          await endRecording();
          await prepared.context.close();
        });
        return prepared;
      }
      // A test that asked for `context` or `page` first controls a page of that context.
      const context =
        held.fresh ?? (await ownContext(browser, binding, contextSettings, { profile, workerScript, manifestOverride }, held, testInfo, failureArtifacts));
      const page = held.freshPage ?? (await context.newPage());
      await takeControlOnce(page, profile.home, testInfo);
      return { context, page };
    });
    held.controlled = session;
    preparedPages.prepareBeside(binding.server, contextSettings);
    await use(session.page);
  },
  // Playwright starts a new worker process after every unexpected failure; an expected one needs none.
  expectedFailure: [
    async ({ expectedFailures }, use, testInfo) => {
      if (expectedFailures.includes(testInfo.titlePath.slice(1).join(" › ")) || expectedFailures.includes(testInfo.title)) testInfo.fail();
      await use(undefined);
    },
    { auto: true },
  ],
  keepWorker: keepWorkerFixture,
  pageErrors: async ({ page }, use) => {
    const errors: Error[] = [];
    page.on("pageerror", (error) => errors.push(error));
    await use(errors);
  },
});

/**
 * A context of the test's own, set up and recorded for its failure from the start; closed, its
 * trace kept or dropped, when the test is over.
 */
async function ownContext(
  browser: Browser,
  binding: Binding,
  settings: BrowserContextOptions,
  setUp: ContextSetUp,
  held: Held,
  testInfo: TestInfo,
  failureArtifacts: boolean,
): Promise<BrowserContext> {
  const context = await browser.newContext(settings);
  await setUpContext(context, binding.server.origin, setUp);
  const endRecording = await recordFailure(context, testInfo, failureArtifacts);
  held.ends.push(async () => {
    await endRecording();
    await context.close();
  });
  return context;
}

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
