import type { BrowserContext, Page } from "@playwright/test";
import type { Profile } from "../cli/profile/profileSchema.ts";
import type { AppFacts } from "../kit/appFacts.ts";
import type { AppDriver, ProfilePage } from "./checks/appDriver.ts";
import { cachedEntries, cachedUrls } from "./checks/browserState.ts";
import { visitHeld } from "./checks/heldPage.ts";
import { goOffline, goOnline } from "./checks/offline.ts";
import { POSTS_NOTHING, postedUrls, rawPostedUrls, withoutTrailing } from "./checks/posts.ts";
import { postsOwnNavigation, pushOutsideAndBack, pushThenReplace, readyForHistoryChanges } from "./checks/readyForHistoryChanges.ts";
import { type ChangeBy, expectStored, expectStoredBySentinel, type Sentinel, storedUrls } from "./checks/storedAfterChange.ts";
import { changedOrRemoved, storedDocuments } from "./checks/storedDocuments.ts";
import { cameWithin, needs, notChecked, precondition, RECOMMENDED } from "./harness/applicability.ts";
import { checkProfileFirst, expect, type Spy, test } from "./harness/fixtures.ts";
import type { MockServer } from "./harness/mockServerProcess.ts";
import { guidedBy, offlineEffectWindow } from "./harness/windows.ts";

/**
 * NAV-1's required rule is the outcome: the page of a history change ends up stored, whatever the
 * channel (a `CACHE_URLS` message to the controlling worker, Serwist's navigation-cache Web Worker,
 * the worker's own fetch). The page must not be stored before the change, or the test could not fail.
 */
async function expectStoredAfter(
  page: Page,
  facts: AppFacts,
  urls: readonly string[],
  by: ChangeBy,
  change: () => Promise<void>,
  what: string,
  sentinel?: Sentinel,
): Promise<void> {
  const before = await storedUrls(page);
  await precondition("the pages are not in Cache Storage before the history change", async () =>
    expect(before.filter((url) => urls.includes(url))).toEqual([]),
  );
  await change();
  if (sentinel) await expectStoredBySentinel(page, urls, sentinel, facts, what);
  else await expectStored(page, urls, by, facts, what);
}

/** Waits until the app has posted `url` as CACHE_URLS (a sentinel: messages arrive in order), or ends the test as not checked. */
async function postedSentinel(page: Page, spy: Spy, facts: AppFacts, url: string, origin: string | undefined): Promise<void> {
  if (!guidedBy(facts.postsOwnNavigation)) notChecked(`${POSTS_NOTHING} (the kit's probe: ${facts.postsOwnNavigation?.how})`);
  if (!(await postsOwnNavigation(page, spy, facts, url, origin))) notChecked(POSTS_NOTHING);
}

test.describe("NAV-1 storing each navigation", () => {
  test("NAV-1 posts the new page's URL to the controlling worker as CACHE_URLS", RECOMMENDED, async ({ controlledPage: page, spy, app, facts, baseURL }) => {
    const target = `${baseURL}${app.page(0).path}`;
    await app.navigateClientSide(page, app.page(0));
    await postsOwnNavigation(page, spy, facts, target, baseURL);
    expect(postedUrls(await spy.posts(page), baseURL), "URLs posted to the worker after the app's own navigation").toContain(target);
  });

  test("NAV-1 stores the page of a client-side navigation", async ({ controlledPage: page, app, facts, baseURL }) => {
    const target = app.page(0);
    await expectStoredAfter(page, facts, [`${baseURL}${target.path}`], "app", () => app.navigateClientSide(page, target), "the app's own navigation");
  });

  test("NAV-1 stores the page of a replaceState by another script", async ({ controlledPage: page, spy, app, facts, baseURL }) => {
    const ready = app.pageOrAnother(1);
    const navigated = app.pageOrAnother(2, ready);
    const target = `${navigated.path}?tab=a`;
    const sentinel = { app, target: navigated, url: `${baseURL}${navigated.path}` };
    await readyForHistoryChanges(page, app, spy, facts, ready, baseURL);
    await expectStoredAfter(
      page,
      facts,
      [`${baseURL}${target}`],
      "script",
      () => page.evaluate((url) => history.replaceState(null, "", `${url}#part`), target),
      "history.replaceState() by another script",
      sentinel,
    );
  });

  test("NAV-1 does not hang or throw when no worker controls the page", async ({ page, mock, spy, app, profile, pageErrors }) => {
    // The worker's script never answers: registration stays pending, so no worker takes control,
    // while the browser supports service workers as usual.
    await mock.addFault({ path: profile.worker.script, hang: true });
    await page.goto(profile.home);
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    const target = app.pageOrAnother(1);
    await app.navigateClientSide(page, target);
    await expect(app.heading(page, target)).toHaveText(target.heading);
    expect(await page.evaluate(() => navigator.serviceWorker.controller), "a controller, with the worker's script held back").toBeNull();
    expect(await spy.posts(page), "messages posted with no worker in control").toEqual([]);
    expect(
      pageErrors.map((error) => error.message),
      "uncaught errors in the page",
    ).toEqual([]);
  });

  test("NAV-1 stores the page of every history change, not only the last", async ({ controlledPage: page, spy, app, facts, baseURL }) => {
    // The app's own navigation to the first page readies it; the changes go to the two others, not
    // stored before (an app may store a path once, whatever its query: Serwist's webpack plugin does).
    const [ready, ...others] = app.firstPages(3);
    const paths = others.map((listed) => listed.path);
    await readyForHistoryChanges(page, app, spy, facts, ready, baseURL);
    await expectStoredAfter(
      page,
      facts,
      paths.map((path) => `${baseURL}${path}`),
      "script",
      () => page.evaluate(pushThenReplace, paths),
      `pushState, then replaceState by another script, after the app's own navigation to ${ready.path}`,
    );
  });

  test("NAV-1 posts the absolute URL, not a relative one", RECOMMENDED, async ({ controlledPage: page, spy, app, facts, baseURL }) => {
    await app.navigateClientSide(page, app.page(0));
    const target = `${baseURL}${app.page(0).path}`;
    await postedSentinel(page, spy, facts, target, baseURL);
    const posted = rawPostedUrls(await spy.posts(page));
    expect(posted, `posted ${JSON.stringify(posted)}; expected the absolute URL ${target}`).toContain(target);
    expect(
      posted.filter((url) => !/^https?:\/\//.test(url)),
      "URLs posted as relative",
    ).toEqual([]);
  });

  test("NAV-1 posts one CACHE_URLS message per history change, in order", RECOMMENDED, async ({ controlledPage: page, spy, app, facts, baseURL }) => {
    const paths = app.firstPages(3).map((listed) => listed.path);
    const ready = app.pageOrAnother(1);
    await readyForHistoryChanges(page, app, spy, facts, ready, baseURL);
    await postedSentinel(page, spy, facts, `${baseURL}${ready.path}`, baseURL);
    const before = { posts: (await spy.posts(page)).length, changes: (await spy.historyChanges(page)).length };
    await page.evaluate(([a, b, c]) => {
      history.pushState(null, "", a);
      history.pushState(null, "", b);
      history.replaceState(null, "", c);
    }, paths);
    await precondition("the spy saw the three history changes", async () =>
      expect((await spy.historyChanges(page)).length - before.changes).toBeGreaterThanOrEqual(3),
    );
    // The sentinel: the app's own navigation, after the three changes. Messages arrive in order, so
    // once its post is in, whatever the app posts for the changes is in too: the verdict settles on
    // that signal instead of waiting out a window for posts that may never come. An app that posts
    // nothing for its own navigations either ends not checked here (how many it posts per change
    // cannot be seen), and fails the protocol in the test above.
    const sentinel = `${baseURL}${app.page(0).path}`;
    await app.navigateClientSide(page, app.page(0));
    await postedSentinel(page, spy, facts, sentinel, baseURL);
    // Every change counts, the app's own too: a router may add a replaceState of its own after ours,
    // once it has rendered, so the changes are read with the posts, each up to the sentinel's (read
    // right after ours, a router's late one went uncounted while its post counted: a fresh-clone CI
    // failed the Next.js app so, under load).
    const changes = withoutTrailing(
      (await spy.historyChanges(page)).slice(before.changes).map((change) => change.url),
      sentinel,
    );
    const posted = postedUrls((await spy.posts(page)).slice(before.posts), baseURL);
    expect(
      withoutTrailing(posted, sentinel),
      `URLs posted to the worker after pushState, pushState, replaceState by another script (history changes: ${changes.join(", ")}), before the app's own navigation to ${sentinel}`,
    ).toEqual(changes);
  });

  const outsidePath = (profile: Profile) =>
    needs(profile.basePath === "/" ? undefined : `${profile.basePath}-outside/x`, "same-origin path outside its scope (its base path is the root)");
  test.describe(() => {
    checkProfileFirst(outsidePath);
    test(
      "NAV-1 posts nothing for URLs outside the scope or on another origin",
      RECOMMENDED,
      async ({ controlledPage: page, spy, app, facts, profile, baseURL }) => {
        const outside = outsidePath(profile);
        const crossOrigin = await page.evaluate(pushOutsideAndBack, [outside, profile.worker.scope]);
        expect(crossOrigin).toBe("SecurityError");
        // A last in-scope change is the sentinel: messages arrive in order, so anything earlier is in by now.
        // The app's own navigation, so that this checks scope and origin even for an app that posts only
        // for those (the specs above check every history change).
        const sentinel = app.pageOrAnother(1);
        await app.navigateClientSide(page, sentinel);
        await postedSentinel(page, spy, facts, `${baseURL}${sentinel.path}`, baseURL);
        const outsideScope = postedUrls(await spy.posts(page), baseURL).filter((url) => !url.startsWith(`${baseURL}${profile.worker.scope}`));
        expect(outsideScope, "URLs posted outside the scope").toEqual([]);
      },
    );
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

/**
 * Goes offline and makes history changes on the loaded page, then, after `whileOffline` (what the test
 * waits for before the browser is back), comes back online and opens the app afresh.
 */
async function historyChangesOffline(
  page: Page,
  context: BrowserContext,
  mock: MockServer,
  app: AppDriver,
  paths: readonly string[],
  whileOffline: () => Promise<unknown> = async () => undefined,
): Promise<void> {
  const { profile } = app;
  await goOffline(context, mock);
  // The app's own navigation where it is purely client-side (no data requests), for an app that acts
  // only on those; then history changes on the loaded page, without navigating: a navigation offline
  // would test the offline page (NAV-6), not what a history change does. The tab ends on the last
  // path, the one a reload on \`online\` refreshes.
  if (!profile.data && profile.navigate !== "pushState") await app.navigateClientSide(page, app.page(0));
  await page.evaluate((changes) => {
    for (const path of changes) history.pushState(null, "", path);
  }, paths);
  await whileOffline();
  await backOnline(page, profile.reloadsOnOnline, profile.home, () => goOnline(context, mock));
}

test.describe("NAV-2 offline", () => {
  test("NAV-2 leaves a stored page as it was after history changes while offline", async ({ controlledPage: page, mock, app, profile, facts, baseURL }) => {
    const context = page.context();
    const target = app.page(0);
    const held = await visitHeld(page, mock, target.path, baseURL);
    await app.confirmShown(page, target);
    // What a person would get offline from each stored document (the page's own entry, or an app shell's).
    const stored = async () => storedDocuments(await cachedEntries(page), profile.offline?.text);
    const before = await stored();
    const next = app.pageOrAnother(1, target);
    // The stored page first: the tab ends on the other, so a reload on \`online\` (the app's, or a
    // worker's refresh of the current page) cannot store it afresh and hide what offline did to it.
    // Still offline, what the worker does with the changes lands (back online its fetch would succeed
    // and hide a worker that drops what it cannot refresh): a change, or the window the probe's facts give.
    const window = offlineEffectWindow(facts.ownNavigationStored);
    const unchanged = JSON.stringify(before);
    await historyChangesOffline(page, context, mock, app, [target.path, next.path], () =>
      cameWithin("a stored document changes while offline", () =>
        expect.poll(async () => JSON.stringify(await stored()), { timeout: window }).not.toBe(unchanged),
      ),
    );
    // Whatever a failed offline attempt would do to an entry has happened once a later page is stored.
    // An app-shell worker stores no page after install: nothing of its own can be under way.
    if (held === "stored under its URL")
      await precondition("a page the app navigates to back online is stored (NAV-1)", async () => {
        await app.navigateClientSide(page, next);
        await expect.poll(() => cachedUrls(page)).toContain(`${baseURL}${next.path}`);
      });
    const after = await stored();
    expect(changedOrRemoved(before, after), "stored documents changed or removed after history changes while offline").toEqual([]);
  });

  test("NAV-2 posts nothing to the worker while offline", RECOMMENDED, async ({ controlledPage: page, mock, spy, app, facts, baseURL }) => {
    const context = page.context();
    // Changes to the first and third pages, or to as many as the profile lists.
    const [first, second, third] = app.profile.pages as readonly (ProfilePage | undefined)[];
    const changes = [first, third ?? second].filter((listed): listed is ProfilePage => listed !== undefined);
    await historyChangesOffline(
      page,
      context,
      mock,
      app,
      changes.map((changed) => changed.path),
    );
    // The spy notes each post as it is made, with navigator.onLine then, in sessionStorage (which
    // survives the reload): back online, no post can still be one made offline.
    if (guidedBy(facts.postsOwnNavigation)) {
      // An app that posts: its own navigation's post, online, shows the posting path still works
      // (to a page other than the one the history changes ended on, or nothing would change).
      const sentinel = [second, first].find((listed) => listed !== undefined && listed !== changes.at(-1)) ?? app.pageOrAnother(1, ...changes);
      await app.navigateClientSide(page, sentinel);
      await postedSentinel(page, spy, facts, `${baseURL}${sentinel.path}`, baseURL);
    } else if (guidedBy(facts.ownNavigationStored)) {
      notChecked(
        `the app's own navigation is stored, but through no message to the worker the kit sees (another channel, such as a Web Worker's), so what it sends while offline cannot be seen (the kit's probe: ${facts.ownNavigationStored?.how})`,
      );
    }
    // Posting the current URL once back online is fine (Serwist does): only posts made while
    // navigator.onLine was false break the rule.
    expect(postedUrls(await spy.postsWhileOffline(page), baseURL), "URLs posted while offline").toEqual([]);
  });
});
