import { expect, test } from "./fixtures.ts";
import { needs } from "./support/applicability.ts";

const cacheUrls = (url: string) => ({ type: "CACHE_URLS", payload: { urlsToCache: [url] } });

test.describe("NAV-1 posting navigations to the worker", () => {
  test("NAV-1 posts the new absolute URL after a client-side navigation", async ({ controlledPage: page, spy, app, baseURL }) => {
    await app.navigateClientSide(page, app.page(0));
    await expect.poll(() => spy.posts(page)).toEqual([cacheUrls(`${baseURL}${app.page(0).path}`)]);
  });

  test("NAV-1 posts the new absolute URL after replaceState", async ({ controlledPage: page, spy, app, baseURL }) => {
    const target = `${app.page(2).path}?tab=a#part`;
    await page.evaluate((url) => history.replaceState(null, "", url), target);
    await expect.poll(() => spy.posts(page)).toEqual([cacheUrls(`${baseURL}${target}`)]);
  });

  test("NAV-1 posts one message per history change, in order", async ({ controlledPage: page, spy, app, baseURL }) => {
    const paths = [app.page(0).path, app.page(1).path, app.page(2).path];
    await page.evaluate(([a, b, c]) => {
      history.pushState(null, "", a);
      history.pushState(null, "", b);
      history.replaceState(null, "", c);
    }, paths);
    await expect.poll(() => spy.posts(page)).toEqual(paths.map((path) => cacheUrls(`${baseURL}${path}`)));
  });

  test("NAV-1 posts nothing for URLs outside the scope or on another origin", async ({ controlledPage: page, spy, app, profile, baseURL }) => {
    const outside = needs(profile.basePath === "/" ? undefined : `${profile.basePath}-outside/x`, "same-origin path outside the scope (root base path)");
    const crossOrigin = await page.evaluate(
      ([away, appRoot]) => {
        history.pushState(null, "", away);
        history.pushState(null, "", appRoot);
        try {
          history.pushState(null, "", "http://example.invalid/app/");
          return "allowed";
        } catch (error) {
          return (error as Error).name;
        }
      },
      [outside, profile.basePath],
    );
    expect(crossOrigin).toBe("SecurityError");
    // A last in-scope change is the sentinel: messages arrive in order, so anything earlier is in by now.
    // The app's own navigation, so that this checks scope and origin even for an app that posts only
    // for those (the specs above check every history change).
    await app.navigateClientSide(page, app.page(1));
    await expect.poll(() => spy.posts(page)).toEqual([cacheUrls(`${baseURL}${app.page(1).path}`)]);
  });

  test.describe("without a controlling worker", () => {
    test.use({ serviceWorkers: "block" });

    test("NAV-1 does not hang or throw when no worker controls the page", async ({ page, spy, app, profile, pageErrors }) => {
      await page.goto(profile.home);
      expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
      await app.navigateClientSide(page, app.page(1));
      await expect(app.heading(page)).toHaveText(app.page(1).heading);
      expect(await spy.posts(page)).toEqual([]);
      expect(pageErrors).toEqual([]);
    });
  });
});

test.describe("NAV-2 offline", () => {
  test("NAV-2 posts nothing while offline", async ({ controlledPage: page, context, spy, app, profile, baseURL }) => {
    await context.setOffline(true);
    // The app's own client-side navigation, and a bare pushState as from any other script.
    await app.navigateClientSide(page, app.page(0));
    await page.evaluate((path) => history.pushState(null, "", path), app.page(2).path);
    // Back online the page reloads (ONL-1). An app that reloads at once can land on its offline page
    // (the network is not back yet), so the sentinel runs in a fresh document; the record of posts
    // survives both in sessionStorage.
    const reloaded = profile.reloadsOnOnline ? page.waitForEvent("load") : Promise.resolve();
    await context.setOffline(false);
    await reloaded;
    await page.goto(profile.home);
    // The sentinel is the app's own navigation: an app that posts only for those (NAV-1 asks for
    // every history change) still shows here whether it posted anything while offline.
    await app.navigateClientSide(page, app.page(1));
    await expect.poll(() => spy.posts(page)).toEqual([cacheUrls(`${baseURL}${app.page(1).path}`)]);
  });
});
