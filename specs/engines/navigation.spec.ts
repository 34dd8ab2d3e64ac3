/**
 * NAV-1's required rule in Firefox and WebKit: after a history change while online (the app's own
 * client-side navigation, another script's `replaceState`, several changes) the new URL's page ends
 * up in Cache Storage, whatever the channel. The same outcomes specs/navigation-posting.spec.ts
 * judges in Chromium, read from Cache Storage in the page. The recommended protocol (one absolute
 * CACHE_URLS message per change, in order, none outside the scope) is read by Chromium's spy, run
 * before the page's own scripts (engineSpy.ts): in Firefox; WebKit's driver cannot run it, so there
 * those tests are not checked. The test with no worker in control stays Chromium's (its required
 * level is judged here by the others).
 */
import type { Profile } from "../../cli/profile/profileSchema.ts";
import type { AppFacts } from "../../kit/appFacts.ts";
import type { EnginePage } from "../../kit/engines/engine.ts";
import type { AppDriver, ProfilePage } from "../checks/appDriver.ts";
import { postedUrls, rawPostedUrls, withoutTrailing } from "../checks/posts.ts";
import { pushOutsideAndBack, pushThenReplace } from "../checks/readyForHistoryChanges.ts";
import { needs, precondition, RECOMMENDED } from "../harness/applicability.ts";
import { expect, test } from "../harness/engineFixtures.ts";
import { checkProfileFirst } from "../harness/fixtures.ts";
import { guidedBy } from "../harness/windows.ts";
import { clientNavigate, engineControl } from "./enginePages.ts";
import { comesPosted, historyChangesIn, postedSentinelIn, postsIn, withSpiedPage } from "./engineSpy.ts";
import { comesStored, storedIn } from "./engineStored.ts";

/**
 * The app's own client-side navigation to `ready`, and, where the probe saw the app store its own
 * navigations, that page stored: the app listens before a script changes history (Chromium's specs
 * wait the same way; specs/checks/readyForHistoryChanges.ts says why). A page that comes under
 * control here does so after the worker's install in a fresh private context, long after a
 * framework hydrated, so the stored page is sign enough.
 */
async function readyIn(page: EnginePage, app: AppDriver, facts: AppFacts, origin: string, ready: ProfilePage): Promise<void> {
  await clientNavigate(page, app.profile, ready);
  if (guidedBy(facts.ownNavigationStored)) await comesStored(page, `${origin}${ready.path}`);
}

/** Asserts that none of `urls` is stored yet (or the test could not fail), runs `change`, then that each comes stored. */
async function expectStoredAfter(page: EnginePage, urls: readonly string[], change: () => Promise<unknown>, what: string): Promise<void> {
  await precondition("the pages are not in Cache Storage before the history change", async () => {
    const before = await storedIn(page);
    expect(before.filter((url) => urls.includes(url))).toEqual([]);
  });
  await change();
  for (const url of urls) {
    if (await comesStored(page, url)) continue;
    expect(await storedIn(page), `Cache Storage holds ${url} after ${what}`).toContain(url);
  }
}

test.describe("NAV-1 storing each navigation", () => {
  test("NAV-1 stores the page of a client-side navigation", async ({ enginePage, engineServer, app, profile, facts }) => {
    const target = app.page(0);
    await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
    await expectStoredAfter(
      enginePage,
      [`${engineServer.origin}${target.path}`],
      () => clientNavigate(enginePage, profile, target),
      "the app's own navigation",
    );
  });

  test("NAV-1 stores the page of a replaceState by another script", async ({ enginePage, engineServer, app, profile, facts }) => {
    const ready = app.pageOrAnother(1);
    const target = `${app.pageOrAnother(2, ready).path}?tab=a`;
    await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
    await readyIn(enginePage, app, facts, engineServer.origin, ready);
    await expectStoredAfter(
      enginePage,
      [`${engineServer.origin}${target}`],
      () => enginePage.evaluate((url) => history.replaceState(null, "", `${url}#part`), target),
      "history.replaceState() by another script",
    );
  });

  test("NAV-1 stores the page of every history change, not only the last", async ({ enginePage, engineServer, app, profile, facts }) => {
    // The first page readies the app; the changes go to the two others, not stored before.
    const [ready, ...others] = app.firstPages(3);
    const paths = others.map((listed) => listed.path);
    await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
    await readyIn(enginePage, app, facts, engineServer.origin, ready);
    await expectStoredAfter(
      enginePage,
      paths.map((path) => `${engineServer.origin}${path}`),
      () => enginePage.evaluate(pushThenReplace, paths),
      `pushState, then replaceState by another script, after the app's own navigation to ${ready.path}`,
    );
  });
});

/** What the recommended tests need the spy for, in their not-checked reason. */
const RECORDING = "recording the messages the page posts to its worker";

test.describe("NAV-1 the CACHE_URLS protocol", () => {
  test("NAV-1 posts the new page's URL to the controlling worker as CACHE_URLS", RECOMMENDED, async ({ engineOf, engineServer, app, profile, facts }) => {
    const { origin } = engineServer;
    await withSpiedPage(engineOf, RECORDING, async (page) => {
      const target = `${origin}${app.page(0).path}`;
      await engineControl(page, `${origin}${profile.home}`, facts);
      await clientNavigate(page, profile, app.page(0));
      await comesPosted(page, target, origin);
      expect(postedUrls(await postsIn(page), origin), "URLs posted to the worker after the app's own navigation").toContain(target);
    });
  });

  test("NAV-1 posts the absolute URL, not a relative one", RECOMMENDED, async ({ engineOf, engineServer, app, profile, facts }) => {
    const { origin } = engineServer;
    await withSpiedPage(engineOf, RECORDING, async (page) => {
      const target = `${origin}${app.page(0).path}`;
      await engineControl(page, `${origin}${profile.home}`, facts);
      await clientNavigate(page, profile, app.page(0));
      await postedSentinelIn(page, target, origin);
      const posted = rawPostedUrls(await postsIn(page));
      expect(posted, `posted ${JSON.stringify(posted)}; expected the absolute URL ${target}`).toContain(target);
      expect(
        posted.filter((url) => !/^https?:\/\//.test(url)),
        "URLs posted as relative",
      ).toEqual([]);
    });
  });

  test("NAV-1 posts one CACHE_URLS message per history change, in order", RECOMMENDED, async ({ engineOf, engineServer, app, profile, facts }) => {
    const { origin } = engineServer;
    await withSpiedPage(engineOf, RECORDING, async (page) => {
      const paths = app.firstPages(3).map((listed) => listed.path);
      const ready = app.pageOrAnother(1);
      await engineControl(page, `${origin}${profile.home}`, facts);
      await clientNavigate(page, profile, ready);
      await postedSentinelIn(page, `${origin}${ready.path}`, origin);
      const before = { posts: (await postsIn(page)).length, changes: (await historyChangesIn(page)).length };
      await page.evaluate(([a, b, c]) => {
        history.pushState(null, "", a);
        history.pushState(null, "", b);
        history.replaceState(null, "", c);
      }, paths);
      await precondition("the spy saw the three history changes", async () =>
        expect((await historyChangesIn(page)).length - before.changes).toBeGreaterThanOrEqual(3),
      );
      // The app's own navigation after the three changes is the sentinel: messages arrive in order,
      // so once its post is in, whatever the app posts for the changes is in too (as in Chromium).
      const sentinel = `${origin}${app.page(0).path}`;
      await clientNavigate(page, profile, app.page(0));
      await postedSentinelIn(page, sentinel, origin);
      const changes = withoutTrailing(
        (await historyChangesIn(page)).slice(before.changes).map((change) => change.url),
        sentinel,
      );
      const posted = postedUrls((await postsIn(page)).slice(before.posts), origin);
      expect(
        withoutTrailing(posted, sentinel),
        `URLs posted to the worker after pushState, pushState, replaceState by another script (history changes: ${changes.join(", ")}), before the app's own navigation to ${sentinel}`,
      ).toEqual(changes);
    });
  });

  const outsidePath = (profile: Profile) =>
    needs(profile.basePath === "/" ? undefined : `${profile.basePath}-outside/x`, "same-origin path outside its scope (its base path is the root)");
  test.describe(() => {
    checkProfileFirst(outsidePath);
    test("NAV-1 posts nothing for URLs outside the scope or on another origin", RECOMMENDED, async ({ engineOf, engineServer, app, profile, facts }) => {
      const { origin } = engineServer;
      await withSpiedPage(engineOf, RECORDING, async (page) => {
        await engineControl(page, `${origin}${profile.home}`, facts);
        const crossOrigin = await page.evaluate(pushOutsideAndBack, [outsidePath(profile), profile.worker.scope]);
        expect(crossOrigin).toBe("SecurityError");
        // The app's own navigation is the sentinel: messages arrive in order.
        const sentinel = app.pageOrAnother(1);
        await clientNavigate(page, profile, sentinel);
        await postedSentinelIn(page, `${origin}${sentinel.path}`, origin);
        const outsideScope = postedUrls(await postsIn(page), origin).filter((url) => !url.startsWith(`${origin}${profile.worker.scope}`));
        expect(outsideScope, "URLs posted outside the scope").toEqual([]);
      });
    });
  });
});
