import type { Page } from "@playwright/test";
import type { Profile } from "../cli/profile/profileSchema.ts";
import type { AppFacts } from "../kit/appFacts.ts";
import { readAppHead, SUITE_READ_TIMEOUT_MS } from "../kit/readAppBody.ts";
import { CONTROL_TIMEOUT_MS } from "../kit/workerControl.ts";
import type { AppDriver } from "./checks/appDriver.ts";
import { registrationInfo } from "./checks/browserState.ts";
import { holdLoad } from "./checks/holdLoad.ts";
import type { RegisterCall, Spy } from "./checks/spy.ts";
import { cameWithin, needs, precondition, RECOMMENDED, servedReference } from "./harness/applicability.ts";
import { waitForWorkerOf } from "./harness/control.ts";
import { checkProfileFirst, expect, test } from "./harness/fixtures.ts";
import { registerWatchWindow } from "./harness/windows.ts";

/**
 * The page's register() calls once the watch window has passed without one, or as soon as one
 * comes. A rule that forbids a call is judged over that window, not at one instant: an app's
 * register code may run well after DOMContentLoaded and even after `load` (SvelteKit hydrates once
 * its start script's imports arrive, which `load` does not wait for, then imports registerSW: 0.1–1 s).
 * The window scales with when the probe saw home call it (registerWatchWindow). The reference app
 * says when it has decided (waitForRegistrationDecision's hook): no window there.
 */
async function registerCallsWithin(page: Page, spy: Spy, facts: AppFacts, when: string, { decided = false } = {}): Promise<RegisterCall[]> {
  if (!decided) {
    const timeout = registerWatchWindow(facts.registerCall);
    await cameWithin(`a register() call ${when}`, () => expect.poll(() => spy.registerCalls(page), { timeout }).not.toEqual([]));
  }
  return spy.registerCalls(page);
}

/**
 * Waits for the app to decide whether to register. A page that threw on the way (what REG-1
 * forbids) never finishes starting: its errors, which the test then judges, are the verdict, not an
 * inconclusive wait.
 */
async function decisionUnlessThrown(app: AppDriver, page: Page, pageErrors: readonly Error[]): Promise<void> {
  await app.waitForRegistrationDecision(page).catch((error: unknown) => {
    if (pageErrors.length === 0) throw error;
  });
}

const messages = (errors: readonly Error[]) => errors.map((error) => error.message);

test.describe("REG-1 support detection", () => {
  test("REG-1 registers when serviceWorker and caches exist", async ({ page, spy, profile }) => {
    await page.goto(profile.home);
    await expect.poll(() => spy.registerCalls(page)).toHaveLength(1);
  });

  test("REG-1 does nothing and throws nothing without navigator.serviceWorker", async ({ page, mock, app, profile, pageErrors }) => {
    await page.addInitScript(() => {
      Reflect.deleteProperty(Navigator.prototype, "serviceWorker");
    });
    await page.goto(profile.home);
    await decisionUnlessThrown(app, page, pageErrors);
    expect(messages(pageErrors), "errors the page threw").toEqual([]);
    expect(await page.evaluate(() => "serviceWorker" in navigator)).toBe(false);
    expect((await mock.journal()).filter((entry) => entry.url.startsWith(profile.worker.script))).toEqual([]);
  });

  test("REG-1 does nothing and throws nothing without Cache Storage", RECOMMENDED, async ({ page, spy, app, profile, pageErrors, facts }) => {
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, "caches");
      Reflect.deleteProperty(Window.prototype, "caches");
    });
    await page.goto(profile.home);
    await decisionUnlessThrown(app, page, pageErrors);
    expect(await page.evaluate(() => "caches" in window)).toBe(false);
    const calls = await registerCallsWithin(page, spy, facts, "without Cache Storage", { decided: Boolean(profile.reference) });
    expect(calls.length, `called register(${calls.map((call) => call.scriptURL).join(", ")}) in a browser without Cache Storage; expected no call`).toBe(0);
    expect(messages(pageErrors), "errors the page threw").toEqual([]);
  });
});

test.describe("REG-2 scope", () => {
  test("REG-2 registers at the app root scope with the script under it", async ({ page, app, profile, baseURL }) => {
    await page.goto(app.page(0).path);
    // A registration shows up before its worker does: wait for both, as long as for a worker to take
    // control (the app registers after its load event, which a busy machine delays past 5 s).
    await expect
      .poll(async () => (await registrationInfo(page))?.scriptURL ?? null, {
        message: "a registration with a worker covering the page",
        timeout: CONTROL_TIMEOUT_MS,
      })
      .not.toBeNull();
    const info = await registrationInfo(page);
    expect(info?.scope, "the registration's scope").toBe(`${baseURL}${profile.worker.scope}`);
    expect(info?.scriptURL?.startsWith(`${baseURL}${profile.worker.scope}`), `the script ${info?.scriptURL} is under the scope`).toBe(true);
  });

  test("REG-2 serves the worker script with Cache-Control no-cache", RECOMMENDED, async ({ page, spy, profile }) => {
    await page.goto(profile.home);
    await precondition("the page calls register() (REG-1)", () => expect.poll(() => spy.registerCalls(page)).toHaveLength(1));
    const [call] = await spy.registerCalls(page);
    // Its head only: the body is the app's to size, and none of it is judged here.
    const response = await readAppHead(call?.scriptURL ?? "", { timeoutMs: SUITE_READ_TIMEOUT_MS });
    expect(response.status, `the status of ${call?.scriptURL}`).toBe(200);
    // A missing header is the rule's failure in its words, not the matcher's complaint about undefined.
    expect(response.headers["cache-control"] ?? "(no Cache-Control header)", `the Cache-Control of ${call?.scriptURL}`).toMatch(/no-cache|max-age=0/);
    expect(response.headers["content-type"] ?? "(no Content-Type header)", `the Content-Type of ${call?.scriptURL}`).toContain("javascript");
  });
});

test.describe("REG-3 registration after load", () => {
  test("REG-3 registers only after the load event", async ({ page, spy, profile, facts }) => {
    const release = await holdLoad(page, new URL(profile.home, "http://x").pathname);
    await page.goto(profile.home, { waitUntil: "domcontentloaded" });
    await precondition("the load event is held back", async () => expect(await page.evaluate(() => document.readyState)).not.toBe("complete"));
    expect(await registerCallsWithin(page, spy, facts, "while the load event is held back"), "register() calls before the load event").toEqual([]);
    release();
    await expect.poll(() => spy.registerCalls(page)).toHaveLength(1);
    expect((await spy.registerCalls(page))[0]).toMatchObject({ afterLoad: true, readyState: "complete" });
  });

  const lateBootQuery = (profile: Profile) => servedReference(profile, "starting the app's script after load").lateBootQuery;
  test.describe(() => {
    checkProfileFirst(lateBootQuery);
    test("REG-3 registers at once when the document is already complete", async ({ page, spy, profile, facts }) => {
      const query = lateBootQuery(profile);
      // The app's script is added only after `load`: waiting for another load event would never end.
      await page.goto(`${profile.home}?${query}`);
      await expect.poll(() => spy.registerCalls(page)).toHaveLength(1);
      await waitForWorkerOf(page, "controlled", facts);
    });
  });
});

test.describe("REG-4 base path", () => {
  for (const index of [0, 1, 2]) {
    const outsidePath = (profile: Profile) => needs(profile.outside[index], `page outside the base path serving its shell (outside[${index}])`);
    test.describe(() => {
      checkProfileFirst(outsidePath);
      test(`REG-4 does not register outside the base path (outside page ${index + 1})`, async ({ page, spy, app, profile, facts }) => {
        const path = outsidePath(profile);
        await page.goto(path);
        await app.waitForRegistrationDecision(page);
        expect(await registerCallsWithin(page, spy, facts, `at ${path}`, { decided: Boolean(profile.reference) })).toEqual([]);
        expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
      });
    });
  }

  for (const index of [0, 1]) {
    const insidePath = (profile: Profile) => needs(profile.inside[index], `inside page ${index + 1} (inside[${index}])`);
    test.describe(() => {
      checkProfileFirst(insidePath);
      test(`REG-4 registers inside the base path (inside page ${index + 1})`, async ({ page, spy, profile, baseURL }) => {
        const path = insidePath(profile);
        await page.goto(path);
        await expect.poll(() => spy.registerCalls(page)).toHaveLength(1);
        expect((await spy.registerCalls(page))[0]?.scope ?? `${baseURL}${profile.worker.scope}`).toBe(`${baseURL}${profile.worker.scope}`);
      });
    });
  }
});
