import type { BrowserContext, Page } from "@playwright/test";
import { APP, expect, test } from "./fixtures.ts";
import { cachedUrls, waitForController } from "./support/browserState.ts";
import { armConnectivityEvent, documentState, markDocument } from "./support/documentMarker.ts";

/**
 * Fake time the page is given to act on an `online` event: more than any sensible settle time
 * (the reference shell uses 500 ms). Fake: `page.clock.runFor` runs it at once, no test sleeps.
 */
const SETTLE_BUDGET_MS = 10_000;

async function openWithFakeClock(page: Page, path = `${APP}/`): Promise<void> {
  await page.clock.install();
  await page.goto(path);
  await waitForController(page);
  await markDocument(page, "original");
}

async function goOffline(page: Page, context: BrowserContext): Promise<void> {
  const offline = await armConnectivityEvent(page, "offline");
  await context.setOffline(true);
  await offline();
}

async function goOnline(page: Page, context: BrowserContext): Promise<void> {
  const online = await armConnectivityEvent(page, "online");
  await context.setOffline(false);
  await online();
}

test.describe("ONL-1 reload when back online", () => {
  test("ONL-1 reloads once when the browser comes back online", async ({ page, context }) => {
    await openWithFakeClock(page);
    await goOffline(page, context);
    await goOnline(page, context);
    const reloaded = page.waitForEvent("load");
    await page.clock.runFor(SETTLE_BUDGET_MS);
    await reloaded;
    await waitForController(page);
    await markDocument(page, "after reload");
    // Nothing left pending in the new document: a second reload would show here.
    await page.clock.runFor(SETTLE_BUDGET_MS);
    expect(await documentState(page)).toEqual({ marker: "after reload", leaving: false });
  });

  test("ONL-1 does not reload on a stray online event while still offline", async ({ page, context }) => {
    await openWithFakeClock(page);
    await goOffline(page, context);
    // Chromium fires such events in the old document during controlled navigations (TOOLCHAIN.md).
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await page.clock.runFor(SETTLE_BUDGET_MS);
    expect(await documentState(page)).toEqual({ marker: "original", leaving: false });
  });

  test("ONL-1 does not reload when the connection drops again within the settle time", async ({ page, context }) => {
    await openWithFakeClock(page);
    await goOffline(page, context);
    await goOnline(page, context);
    await goOffline(page, context);
    await page.clock.runFor(SETTLE_BUDGET_MS);
    expect(await documentState(page)).toEqual({ marker: "original", leaving: false });
  });
});

test.describe("ONL-2 each behaviour can be switched off", () => {
  test("ONL-2 does not reload when reload-on-online is switched off", async ({ page, context, mock }) => {
    await mock.configure({ reloadOnOnline: false });
    await openWithFakeClock(page);
    await goOffline(page, context);
    await goOnline(page, context);
    await page.clock.runFor(SETTLE_BUDGET_MS);
    expect(await documentState(page)).toEqual({ marker: "original", leaving: false });
  });

  test("ONL-2 posts and caches no navigations when navigation caching is switched off", async ({ page, context, mock, spy }) => {
    await mock.configure({ cacheNavigations: false });
    await page.goto(`${APP}/`);
    await waitForController(page);
    await page.getByRole("link", { name: "Page one" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page one");
    await page.goto(`${APP}/pages/2`);
    await context.setOffline(true);
    for (const path of ["pages/1", "pages/2"]) {
      await page.goto(`${APP}/${path}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are offline");
    }
    expect(await spy.posts(page)).toEqual([]);
    expect((await cachedUrls(page)).filter((url) => url.includes("/pages/"))).toEqual([]);
  });

  test("ONL-2 registers no worker when registration is switched off", async ({ page, mock, spy }) => {
    await mock.configure({ register: false });
    await page.goto(`${APP}/`);
    await expect(page.locator('[data-worker="disabled"]')).toBeVisible();
    expect(await spy.registerCalls(page)).toEqual([]);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  });
});
