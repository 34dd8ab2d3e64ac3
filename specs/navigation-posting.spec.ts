import { APP, expect, test } from "./fixtures.ts";
import { waitForController } from "./support/browserState.ts";
import { armConnectivityEvent } from "./support/documentMarker.ts";

const cacheUrls = (url: string) => ({ type: "CACHE_URLS", payload: { urlsToCache: [url] } });

test.describe("NAV-1 posting navigations to the worker", () => {
  test("NAV-1 posts the new absolute URL after a client-side link (pushState)", async ({ controlledPage: page, spy, baseURL }) => {
    await page.getByRole("link", { name: "Page one" }).click();
    await expect.poll(() => spy.posts(page)).toEqual([cacheUrls(`${baseURL}${APP}/pages/1`)]);
  });

  test("NAV-1 posts the new absolute URL after replaceState", async ({ controlledPage: page, spy, baseURL }) => {
    await page.evaluate(() => history.replaceState(null, "", "pages/3?tab=a#part"));
    await expect.poll(() => spy.posts(page)).toEqual([cacheUrls(`${baseURL}${APP}/pages/3?tab=a#part`)]);
  });

  test("NAV-1 posts one message per history change, in order", async ({ controlledPage: page, spy, baseURL }) => {
    await page.evaluate(() => {
      history.pushState(null, "", "/app/pages/1");
      history.pushState(null, "", "/app/pages/2");
      history.replaceState(null, "", "/app/pages/3");
    });
    await expect
      .poll(() => spy.posts(page))
      .toEqual([cacheUrls(`${baseURL}${APP}/pages/1`), cacheUrls(`${baseURL}${APP}/pages/2`), cacheUrls(`${baseURL}${APP}/pages/3`)]);
  });

  test("NAV-1 posts nothing for URLs outside the scope or on another origin", async ({ controlledPage: page, spy, baseURL }) => {
    const crossOrigin = await page.evaluate(() => {
      history.pushState(null, "", "/outside/x");
      history.pushState(null, "", "/app");
      try {
        history.pushState(null, "", "http://example.invalid/app/");
        return "allowed";
      } catch (error) {
        return (error as Error).name;
      }
    });
    expect(crossOrigin).toBe("SecurityError");
    // A last in-scope change is the sentinel: messages arrive in order, so anything earlier is in by now.
    await page.evaluate(() => history.pushState(null, "", "/app/pages/2"));
    await expect.poll(() => spy.posts(page)).toEqual([cacheUrls(`${baseURL}${APP}/pages/2`)]);
  });

  test.describe("without a controlling worker", () => {
    test.use({ serviceWorkers: "block" });

    test("NAV-1 does not hang or throw when no worker controls the page", async ({ page, spy, pageErrors }) => {
      await page.goto(`${APP}/`);
      expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
      await page.getByRole("link", { name: "Page two" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page two");
      expect(await spy.posts(page)).toEqual([]);
      expect(pageErrors).toEqual([]);
    });
  });
});

test.describe("NAV-2 offline", () => {
  test("NAV-2 posts nothing while offline", async ({ page, context, mock, spy, baseURL }) => {
    // No reload on the way back online (that is ONL-1's to test), so one document posts before and
    // after, and the test does not wait out the reload's settle time.
    await mock.configure({ reloadOnOnline: false });
    await page.goto(`${APP}/`);
    await waitForController(page);
    const offline = await armConnectivityEvent(page, "offline");
    await context.setOffline(true);
    await offline();
    await page.evaluate(() => history.pushState(null, "", "/app/pages/1"));
    const online = await armConnectivityEvent(page, "online");
    await context.setOffline(false);
    await online();
    // The sentinel: messages arrive in order, so a pages/1 message would be in the record before it.
    await page.evaluate(() => history.pushState(null, "", "/app/pages/2"));
    await expect.poll(() => spy.posts(page)).toEqual([cacheUrls(`${baseURL}${APP}/pages/2`)]);
  });
});
