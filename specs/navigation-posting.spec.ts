import type { Page } from "@playwright/test";
import type { Profile } from "../cli/profile/profileSchema.ts";
import { checkProfileFirst, expect, test } from "./fixtures.ts";
import { needs, precondition, RECOMMENDED } from "./support/applicability.ts";
import { postedUrls, rawPostedUrls } from "./support/posts.ts";

test.describe("NAV-1 posting navigations to the worker", () => {
  test("NAV-1 posts the new page's URL after a client-side navigation", async ({ controlledPage: page, spy, app, baseURL }) => {
    await app.navigateClientSide(page, app.page(0));
    await expect
      .poll(async () => postedUrls(await spy.posts(page), baseURL), { message: "URLs posted to the worker after the app's own navigation" })
      .toContain(`${baseURL}${app.page(0).path}`);
  });

  test("NAV-1 posts the absolute URL, not a relative one", RECOMMENDED, async ({ controlledPage: page, spy, app, baseURL }) => {
    await app.navigateClientSide(page, app.page(0));
    const target = `${baseURL}${app.page(0).path}`;
    await precondition("the navigation is posted (NAV-1)", () => expect.poll(async () => postedUrls(await spy.posts(page), baseURL)).toContain(target));
    const posted = rawPostedUrls(await spy.posts(page));
    expect(posted, `posted ${JSON.stringify(posted)}; expected the absolute URL ${target}`).toContain(target);
    expect(
      posted.filter((url) => !/^https?:\/\//.test(url)),
      "URLs posted as relative",
    ).toEqual([]);
  });

  test("NAV-1 posts the new URL after replaceState", async ({ controlledPage: page, spy, app, baseURL }) => {
    const target = `${app.page(2).path}?tab=a#part`;
    await page.evaluate((url) => history.replaceState(null, "", url), target);
    await expect
      .poll(async () => postedUrls(await spy.posts(page), baseURL), { message: "URLs posted to the worker after history.replaceState() by another script" })
      .toContain(`${baseURL}${target}`);
  });

  test("NAV-1 posts one message per history change, in order", async ({ controlledPage: page, spy, app, baseURL }) => {
    const paths = [app.page(0).path, app.page(1).path, app.page(2).path];
    const before = { posts: (await spy.posts(page)).length, changes: (await spy.historyChanges(page)).length };
    await page.evaluate(([a, b, c]) => {
      history.pushState(null, "", a);
      history.pushState(null, "", b);
      history.replaceState(null, "", c);
    }, paths);
    // Every change counts, the app's own too: a router may add a replaceState of its own after ours.
    const changes = (await spy.historyChanges(page)).slice(before.changes).map((change) => change.url);
    await precondition("the spy saw the three history changes", async () => expect(changes.length).toBeGreaterThanOrEqual(3));
    await expect
      .poll(async () => postedUrls((await spy.posts(page)).slice(before.posts), baseURL), {
        message: `URLs posted to the worker after pushState, pushState, replaceState by another script (history changes: ${changes.join(", ")})`,
      })
      .toEqual(changes);
  });

  const outsidePath = (profile: Profile) =>
    needs(profile.basePath === "/" ? undefined : `${profile.basePath}-outside/x`, "same-origin path outside its scope (its base path is the root)");
  test.describe(() => {
    checkProfileFirst(outsidePath);
    test("NAV-1 posts nothing for URLs outside the scope or on another origin", RECOMMENDED, async ({ controlledPage: page, spy, app, profile, baseURL }) => {
      const outside = outsidePath(profile);
      const crossOrigin = await page.evaluate(
        ([away, appRoot]) => {
          history.pushState(null, "", away);
          history.pushState(null, "", appRoot);
          try {
            history.pushState(null, "", "http://127.0.0.1:1/app/");
            return "allowed";
          } catch (error) {
            return (error as Error).name;
          }
        },
        [outside, profile.worker.scope],
      );
      expect(crossOrigin).toBe("SecurityError");
      // A last in-scope change is the sentinel: messages arrive in order, so anything earlier is in by now.
      // The app's own navigation, so that this checks scope and origin even for an app that posts only
      // for those (the specs above check every history change).
      await app.navigateClientSide(page, app.page(1));
      const sentinel = `${baseURL}${app.page(1).path}`;
      await precondition("the app's own navigation is posted (NAV-1)", () =>
        expect.poll(async () => postedUrls(await spy.posts(page), baseURL)).toContain(sentinel),
      );
      const outsideScope = postedUrls(await spy.posts(page), baseURL).filter((url) => !url.startsWith(`${baseURL}${profile.worker.scope}`));
      expect(outsideScope, "URLs posted outside the scope").toEqual([]);
    });
  });

  test("NAV-1 does not hang or throw when no worker controls the page", async ({ page, mock, spy, app, profile, pageErrors }) => {
    // The worker's script never answers: registration stays pending, so no worker takes control,
    // while the browser supports service workers as usual.
    await mock.addFault({ path: profile.worker.script, hang: true });
    await page.goto(profile.home);
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    await app.navigateClientSide(page, app.page(1));
    await expect(app.heading(page)).toHaveText(app.page(1).heading);
    expect(await page.evaluate(() => navigator.serviceWorker.controller), "a controller, with the worker's script held back").toBeNull();
    expect(await spy.posts(page), "messages posted with no worker in control").toEqual([]);
    expect(
      pageErrors.map((error) => error.message),
      "uncaught errors in the page",
    ).toEqual([]);
  });
});

/** Back online the page may reload (ONL-1): wait for that, then open the app afresh. */
async function backOnline(page: Page, reloads: boolean, home: string, goOnline: () => Promise<void>): Promise<void> {
  await precondition("back online, the app opens again", async () => {
    const reloaded = reloads ? page.waitForEvent("load") : Promise.resolve();
    await goOnline();
    await reloaded;
    // A reload at once can land on an error page (the network is not usable yet): open the app afresh.
    await page.goto(home);
  });
}

test.describe("NAV-2 offline", () => {
  test("NAV-2 posts nothing while offline", async ({ controlledPage: page, context, spy, app, profile, baseURL }) => {
    await context.setOffline(true);
    // History changes on the loaded page, without navigating: a navigation offline would test the
    // offline page (NAV-6), not posting. The app's own navigation too where it is purely client-side
    // (no data requests), for an app that posts only for those.
    await page.evaluate(
      ([a, b]) => {
        history.pushState(null, "", a);
        history.replaceState(null, "", b);
      },
      [app.page(0).path, app.page(2).path],
    );
    if (!profile.data && profile.navigate === "link") await app.navigateClientSide(page, app.page(0));
    await backOnline(page, profile.reloadsOnOnline, profile.home, () => context.setOffline(false));
    // The sentinel is the app's own navigation, posted online; the record of posts (sessionStorage)
    // survives the reload, and messages arrive in order.
    await app.navigateClientSide(page, app.page(1));
    const sentinel = `${baseURL}${app.page(1).path}`;
    await precondition("the app's own navigation online is posted (NAV-1)", () =>
      expect.poll(async () => postedUrls(await spy.posts(page), baseURL)).toContain(sentinel),
    );
    // Posting the current URL once back online is fine (Serwist does): only posts made while
    // navigator.onLine was false break the rule.
    expect(postedUrls(await spy.postsWhileOffline(page), baseURL), "URLs posted while offline").toEqual([]);
  });
});
