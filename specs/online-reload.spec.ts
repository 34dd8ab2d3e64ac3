import type { BrowserContext, Page } from "@playwright/test";
import type { Profile } from "../cli/profile/profileSchema.ts";
import type { AppFacts } from "../kit/appFacts.ts";
import { installFakeClock, pauseFakeClock } from "../kit/fakeClock.ts";
import { cachedUrls } from "./checks/browserState.ts";
import { armConnectivityEvent, describeDocumentState, documentState, markDocument } from "./checks/documentMarker.ts";
import { goOnline as bringOnline, holdOffline, goOffline as takeOffline } from "./checks/offline.ts";
import { offlinePage } from "./checks/offlinePage.ts";
import { cameWithin, notChecked, RECOMMENDED, servedReference } from "./harness/applicability.ts";
import { takeControl, waitForWorkerOf } from "./harness/control.ts";
import { checkProfileFirst, expect, test } from "./harness/fixtures.ts";
import type { MockServer } from "./harness/mockServerProcess.ts";

/**
 * Fake time the page is given to act on an `online` event: more than any sensible settle time
 * (the reference shell uses 500 ms). Fake: `page.clock.runFor` runs it at once, no test sleeps.
 */
const SETTLE_BUDGET_MS = 10_000;

/** Real time a reload may take once the fake settle time has run: a page load on a busy machine. */
const RELOAD_TIMEOUT_MS = 15_000;

/** Opens the page on the fake clock (kit/fakeClock.ts), paused once a worker controls it. */
async function openWithFakeClock(page: Page, path: string, facts: AppFacts): Promise<void> {
  await installFakeClock(page);
  await takeControl(page, path, facts);
  await pauseFakeClock(page);
  await markDocument(page, "original");
}

async function goOffline(page: Page, context: BrowserContext, mock: MockServer): Promise<void> {
  const offline = await armConnectivityEvent(page, "offline");
  await takeOffline(context, mock);
  await offline();
}

async function goOnline(page: Page, context: BrowserContext, mock: MockServer): Promise<void> {
  const online = await armConnectivityEvent(page, "online");
  await bringOnline(context, mock);
  await online();
}

test.describe("ONL-1 reload when back online", () => {
  test("ONL-1 reloads once when the browser comes back online", async ({ page, context, mock, profile, facts }) => {
    await openWithFakeClock(page, profile.home, facts);
    await goOffline(page, context, mock);
    // Armed before going online: an app without a settle time has reloaded by the time goOnline returns.
    const reloaded = page.waitForEvent("load", { timeout: RELOAD_TIMEOUT_MS }).then(
      () => true,
      () => false,
    );
    await goOnline(page, context, mock);
    await page.clock.runFor(SETTLE_BUDGET_MS);
    // A reload the app begins shows at once: the document leaves, or is already replaced. Only then
    // is a whole page load worth waiting for.
    const began = await cameWithin("the page begins to reload", () =>
      expect
        .poll(async () => {
          const state = await documentState(page);
          return state.leaving || state.marker !== "original";
        })
        .toBe(true),
    );
    expect(began && (await reloaded), "the page reloaded after the browser came back online").toBe(true);
    await waitForWorkerOf(page, "controlled", facts);
    await markDocument(page, "after reload");
    // Nothing left pending in the new document: a second reload would show here.
    await page.clock.runFor(SETTLE_BUDGET_MS);
    expect(await documentState(page)).toEqual({ marker: "after reload", leaving: false });
  });

  test("ONL-1 does not reload on a stray online event while still offline", RECOMMENDED, async ({ page, context, mock, profile, facts }) => {
    await openWithFakeClock(page, profile.home, facts);
    await goOffline(page, context, mock);
    // Chromium fires such events in the old document during controlled navigations (specs/checks/offline.ts).
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await page.clock.runFor(SETTLE_BUDGET_MS);
    const state = await documentState(page);
    expect(state, `after a stray online event while still offline: ${describeDocumentState(state)}; expected no reload`).toEqual({
      marker: "original",
      leaving: false,
    });
  });

  test("ONL-1 does not reload when the connection drops again within the settle time", RECOMMENDED, async ({ page, context, mock, profile, facts }) => {
    await openWithFakeClock(page, profile.home, facts);
    await goOffline(page, context, mock);
    await goOnline(page, context, mock);
    await goOffline(page, context, mock);
    await page.clock.runFor(SETTLE_BUDGET_MS);
    const state = await documentState(page);
    expect(state, `after online then offline again within the settle time: ${describeDocumentState(state)}; expected no reload`).toEqual({
      marker: "original",
      leaving: false,
    });
  });
});

test.describe("ONL-1 settle time on a flapping connection", () => {
  const settleMs = (profile: Profile) => profile.onlineSettleMs ?? notChecked("the profile does not give the app's settle time (onlineSettleMs)");
  checkProfileFirst(settleMs);

  test("ONL-1 starts the settle time again at the last online event", RECOMMENDED, async ({ page, context, mock, profile, facts }) => {
    const settle = settleMs(profile);
    await openWithFakeClock(page, profile.home, facts);
    await goOffline(page, context, mock);
    await goOnline(page, context, mock);
    await page.clock.runFor(settle / 2);
    await goOffline(page, context, mock);
    await goOnline(page, context, mock);
    // Past the first online event's settle time, short of the last one's.
    await page.clock.runFor(settle / 2 + 1);
    expect(await documentState(page), `the page ${settle / 2 + 1} ms after the last online event (settle time ${settle} ms)`).toEqual({
      marker: "original",
      leaving: false,
    });
    const reloaded = page.waitForEvent("load", { timeout: RELOAD_TIMEOUT_MS }).then(
      () => true,
      () => false,
    );
    await page.clock.runFor(settle);
    expect(await reloaded, "the page reloaded once the last online event's settle time was over").toBe(true);
  });
});

test.describe("ONL-2 each behaviour can be switched off", () => {
  checkProfileFirst((profile) => servedReference(profile, "configuration switches"));

  test("ONL-2 does not reload when reload-on-online is switched off", RECOMMENDED, async ({ page, context, mock, profile, facts }) => {
    await mock.configure({ reloadOnOnline: false });
    await openWithFakeClock(page, profile.home, facts);
    await goOffline(page, context, mock);
    await goOnline(page, context, mock);
    await page.clock.runFor(SETTLE_BUDGET_MS);
    expect(await documentState(page)).toEqual({ marker: "original", leaving: false });
  });

  test("ONL-2 caches no navigations when navigation caching is switched off", RECOMMENDED, async ({ page, context, mock, spy, app, profile, facts }) => {
    await mock.configure({ cacheNavigations: false });
    const [linked, visited] = [app.page(0), app.pageOrAnother(1, app.page(0))];
    await takeControl(page, profile.home, facts);
    await app.navigateClientSide(page, linked);
    await expect(app.heading(page, linked)).toHaveText(linked.heading);
    await page.goto(visited.path);
    await holdOffline(page, context, mock);
    for (const target of [linked, visited]) {
      await page.goto(target.path);
      await expect(page.locator("body")).toContainText(offlinePage(profile).text, { useInnerText: true });
    }
    expect(await spy.posts(page)).toEqual([]);
    const pagePaths = new Set(profile.pages.map((p) => p.path));
    expect((await cachedUrls(page)).filter((url) => pagePaths.has(new URL(url).pathname))).toEqual([]);
  });

  test("ONL-2 registers no worker when registration is switched off", RECOMMENDED, async ({ page, mock, spy, app, profile }) => {
    await mock.configure({ register: false });
    await page.goto(profile.home);
    await app.waitForRegistrationDecision(page);
    expect(await spy.registerCalls(page)).toEqual([]);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  });
});
