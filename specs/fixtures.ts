/**
 * The fixtures every spec uses: one mock server per Playwright worker (reset before each test), the
 * spy init script in every context, and a page the worker already controls.
 */
import { test as base, expect, type Page } from "@playwright/test";
import { waitForController } from "./support/browserState.ts";
import { type MockServer, startMockServer } from "./support/mockServerProcess.ts";
import { installSpy, POSTS_KEY, type RegisterCall } from "./support/spy.ts";

/** The reference app's base path; the mock server's default. */
export const APP = "/app";

export interface Spy {
  readonly registerCalls: (page: Page) => Promise<RegisterCall[]>;
  readonly posts: (page: Page) => Promise<unknown[]>;
  /** True once the document has started to unload (a reload or navigation is under way). */
  readonly leaving: (page: Page) => Promise<boolean>;
}

const spy: Spy = {
  registerCalls: (page) => page.evaluate(() => window.__pckSpy?.registerCalls ?? []),
  posts: (page) => page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? "[]") as unknown[], POSTS_KEY),
  leaving: (page) => page.evaluate(() => window.__pckSpy?.leaving ?? false),
};

interface TestFixtures {
  /** The mock server of this worker, reset (faults, journal, config) before the test. */
  mock: MockServer;
  spy: Spy;
  /** A page at the app root that the service worker controls. */
  controlledPage: Page;
  /** Errors thrown in the page and not caught (`pageerror`), collected for the test to check. */
  pageErrors: Error[];
}

interface WorkerFixtures {
  mockServer: MockServer;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  mockServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form.
    async ({}, use) => {
      const server = await startMockServer();
      await use(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ mockServer }, use) => {
    await use(mockServer.origin);
  },
  mock: [
    async ({ mockServer }, use) => {
      await mockServer.reset();
      await use(mockServer);
    },
    { auto: true },
  ],
  spy: [
    async ({ context }, use) => {
      await context.addInitScript(installSpy, POSTS_KEY);
      await use(spy);
    },
    { auto: true },
  ],
  controlledPage: async ({ page }, use) => {
    await page.goto(`${APP}/`);
    await waitForController(page);
    await use(page);
  },
  pageErrors: async ({ page }, use) => {
    const errors: Error[] = [];
    page.on("pageerror", (error) => errors.push(error));
    await use(errors);
  },
});

export { expect };
