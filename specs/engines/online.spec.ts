/**
 * The rules about the browser's own online state in Firefox and WebKit. ONL-1's required rule: when
 * the browser comes back online, the page reloads, once; and, of its recommended rule, no reload on
 * a stray `online` event while still offline. NAV-2's required rule: history changes while
 * `navigator.onLine` is false leave the stored pages as they were. Neither driver can set the
 * browser's online state (Firefox's emulation lets the worker's own fetches through and, back
 * online, loads a document in the tab itself: docs/engines.md), so the browser's own state is used:
 * the run's network namespace loses its default route and gets it back
 * (kit/engines/namespaceRoute.mjs), the mock server's switch refusing every request meanwhile, as in
 * Chromium. Watched by hand first: neither engine loads a document of its own when the route comes
 * back. NAV-2's recommended rule too: nothing posted to the worker while `navigator.onLine` is false,
 * read by Chromium's spy run before the page's own scripts (Firefox; not checked in WebKit, whose
 * driver cannot run it). A connection that drops again within the settle time, and a flapping one, need Chromium's
 * fake clock (and WebKit notices a route change only after 3–5 s): Chromium's. ONL-2's switches (the
 * reference's alone: the mock server serves its configuration): reload-on-online off through the
 * namespace as above; navigation caching and registration off need no online state.
 */

import type { Profile } from "../../cli/profile/profileSchema.ts";
import type { EnginePage } from "../../kit/engines/engine.ts";
import { ONLINE_STATE_TAG } from "../../kit/engines/namespaceRoute.mjs";
import type { ProfilePage } from "../checks/appDriver.ts";
import { cachedEntriesInPage } from "../checks/browserState.ts";
import { serverOffline } from "../checks/offline.ts";
import { postedUrls } from "../checks/posts.ts";
import { changedOrRemoved, storedDocuments } from "../checks/storedDocuments.ts";
import { cameWithin, needs, notChecked, precondition, RECOMMENDED, servedReference, stimulus } from "../harness/applicability.ts";
import { expect, test } from "../harness/engineFixtures.ts";
import { checkProfileFirst } from "../harness/fixtures.ts";
import { offlineEffectWindow, WRITE_GRACE_MS } from "../harness/windows.ts";
import { documentOf, goOffline, goOnline, mark, onLine, RELOAD_MS, SETTLE_BUDGET_MS, STATE_CHANGE_MS, switchOrNotChecked } from "./engineOnline.ts";
import { cachedUrlsIn, clientNavigate, engineControl, headingOf, landOn, shownText, visitHeldIn } from "./enginePages.ts";
import { decided, registrationScopes, scriptFetches } from "./engineRegistration.ts";
import { comesPosted, postsWhileOfflineIn, withSpiedPage } from "./engineSpy.ts";
import { comesStored } from "./engineStored.ts";

/**
 * Back online, the app opens again: once the browser says it is online and, for an app whose profile
 * says it reloads on `online`, once that reload has put a new document in place. A navigation of the
 * test's own meanwhile races the app's (Firefox's driver then fails the one it started, seen on the
 * Next.js app, whose reload comes at once). `page`'s document was marked before going online.
 */
async function openAgain(page: EnginePage, profile: Profile, origin: string): Promise<void> {
  await precondition("back online, the app opens again", async () => {
    await expect.poll(() => onLine(page), { message: "navigator.onLine", timeout: STATE_CHANGE_MS }).toBe(true);
    if (profile.reloadsOnOnline)
      await cameWithin("the app's own reload back online", () =>
        expect.poll(() => documentOf(page), { timeout: (profile.onlineSettleMs ?? SETTLE_BUDGET_MS) + RELOAD_MS }).toBe("new"),
      );
    await page.goto(`${origin}${profile.home}`);
  });
}

/** NAV-2's reading of Cache Storage (specs/checks/storedDocuments.ts), in the engine's page. */
const heldDocuments = async (page: EnginePage, offlineText: string | undefined) => storedDocuments(await page.evaluate(cachedEntriesInPage, null), offlineText);

test.describe("ONL-1 reload when back online", { tag: ONLINE_STATE_TAG }, () => {
  test("ONL-1 reloads once when the browser comes back online", async ({ enginePage, engineServer, profile, facts }) => {
    const network = switchOrNotChecked();
    await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
    await mark(enginePage, "original");
    try {
      await goOffline(enginePage, network, engineServer);
      await goOnline(network, engineServer);
      const settle = profile.onlineSettleMs ?? SETTLE_BUDGET_MS;
      const reloaded = await cameWithin("the page reloads", () =>
        expect.poll(() => documentOf(enginePage), { timeout: STATE_CHANGE_MS + settle + RELOAD_MS }).toBe("new"),
      );
      if (!reloaded && (await onLine(enginePage)) !== true)
        notChecked(`the browser did not come back online within ${STATE_CHANGE_MS} ms of the namespace's default route coming back`);
      expect(reloaded, "the page reloaded after the browser came back online").toBe(true);
      await mark(enginePage, "after reload");
      // Nothing left pending in the new document: a second reload would show within the settle time.
      const again = await cameWithin("a second reload", () =>
        expect.poll(() => documentOf(enginePage), { timeout: settle + WRITE_GRACE_MS }).not.toBe("after reload"),
      );
      expect(again, `a second reload within the settle time (${settle} ms) and ${WRITE_GRACE_MS} ms more`).toBe(false);
    } finally {
      await goOnline(network, engineServer);
    }
  });
});

test.describe("ONL-1 stray online events", { tag: ONLINE_STATE_TAG }, () => {
  test("ONL-1 does not reload on a stray online event while still offline", RECOMMENDED, async ({ enginePage, engineServer, profile, facts }) => {
    const network = switchOrNotChecked();
    await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
    await mark(enginePage, "original");
    try {
      await goOffline(enginePage, network, engineServer);
      // An `online` event while navigator.onLine is still false, as Chromium fires in the old document
      // during controlled navigations (specs/checks/offline.ts); watched for the app's settle time.
      await enginePage.evaluate(() => window.dispatchEvent(new Event("online")), null);
      const settle = profile.onlineSettleMs ?? SETTLE_BUDGET_MS;
      const reloaded = await cameWithin("a reload", () => expect.poll(() => documentOf(enginePage), { timeout: settle + WRITE_GRACE_MS }).not.toBe("original"));
      expect(reloaded, `a reload within the settle time (${settle} ms) and ${WRITE_GRACE_MS} ms more, after a stray online event while still offline`).toBe(
        false,
      );
    } finally {
      await goOnline(network, engineServer);
    }
  });
});

test.describe("NAV-2 offline", { tag: ONLINE_STATE_TAG }, () => {
  test("NAV-2 leaves a stored page as it was after history changes while offline", async ({ enginePage, engineServer, app, profile, facts }) => {
    const network = switchOrNotChecked();
    const { origin } = engineServer;
    const target = app.page(0);
    await engineControl(enginePage, `${origin}${profile.home}`, facts);
    await visitHeldIn(enginePage, origin, target.path, facts);
    const before = await heldDocuments(enginePage, profile.offline?.text);
    const next = app.pageOrAnother(1, target);
    try {
      await goOffline(enginePage, network, engineServer);
      // As in Chromium (specs/navigation-posting.spec.ts): the app's own navigation where it is purely
      // client-side, then history changes on the loaded page, the tab ending on the other page, so a
      // reload on `online` cannot store the held one afresh and hide what offline did to it.
      if (!profile.data && profile.navigate !== "pushState") await clientNavigate(enginePage, profile, target);
      await enginePage.evaluate(
        (changes) => {
          for (const path of changes) history.pushState(null, "", path);
        },
        [target.path, next.path],
      );
      // Still offline, what the worker does with the changes lands (back online its fetch would
      // succeed and hide a worker that drops what it cannot refresh: seen in Firefox, whose worker
      // met the server back before its fetch): a change, or the window the probe's facts give.
      const window = offlineEffectWindow(facts.ownNavigationStored);
      const unchanged = JSON.stringify(before);
      await cameWithin("a stored document changes while offline", () =>
        expect.poll(async () => JSON.stringify(await heldDocuments(enginePage, profile.offline?.text)), { timeout: window }).not.toBe(unchanged),
      );
      await mark(enginePage, "original");
      await goOnline(network, engineServer);
      await openAgain(enginePage, profile, origin);
    } finally {
      await goOnline(network, engineServer);
    }
    // Whatever a failed offline attempt would do to an entry has happened once a later page is
    // stored; an app-shell worker stores no page after install, so nothing of its own is under way.
    if (facts.design?.value === "page cache")
      await precondition("a page the app navigates to back online is stored (NAV-1)", async () => {
        await clientNavigate(enginePage, profile, next);
        await expect.poll(() => cachedUrlsIn(enginePage)).toContain(`${origin}${next.path}`);
      });
    const after = await heldDocuments(enginePage, profile.offline?.text);
    expect(changedOrRemoved(before, after), "stored documents changed or removed after history changes while offline").toEqual([]);
  });
});

test.describe("NAV-2 nothing posted offline", { tag: ONLINE_STATE_TAG }, () => {
  test("NAV-2 posts nothing to the worker while offline", RECOMMENDED, async ({ engineOf, engineServer, app, profile, facts }) => {
    const network = switchOrNotChecked();
    const { origin } = engineServer;
    // Changes to the first and third pages, or to as many as the profile lists (as in Chromium).
    const [first, second, third] = profile.pages as readonly (ProfilePage | undefined)[];
    const changes = [first, third ?? second].filter((listed): listed is ProfilePage => listed !== undefined);
    await withSpiedPage(engineOf, "recording the messages the page posts to its worker, with navigator.onLine", async (page) => {
      await engineControl(page, `${origin}${profile.home}`, facts);
      try {
        await goOffline(page, network, engineServer);
        if (!profile.data && profile.navigate !== "pushState") await clientNavigate(page, profile, app.page(0));
        await page.evaluate(
          (paths) => {
            for (const path of paths) history.pushState(null, "", path);
          },
          changes.map((changed) => changed.path),
        );
        await mark(page, "original");
        await goOnline(network, engineServer);
        await openAgain(page, profile, origin);
      } finally {
        await goOnline(network, engineServer);
      }
      // The spy notes each post as it is made, with navigator.onLine then, in sessionStorage (which
      // survives a reload): back online, no post can still be one made offline. An app that posts its
      // own navigations shows, with one made online, that its posting still works.
      const sentinel = [second, first].find((listed) => listed !== undefined && listed !== changes.at(-1)) ?? app.pageOrAnother(1, ...changes);
      await clientNavigate(page, profile, sentinel);
      if (!(await comesPosted(page, `${origin}${sentinel.path}`, origin)) && (await comesStored(page, `${origin}${sentinel.path}`, WRITE_GRACE_MS)))
        notChecked(
          "the app's own navigation is stored, but through no message to the worker the kit sees (another channel, such as a Web Worker's), so what it sends while offline cannot be seen",
        );
      // Posting the current URL once back online is fine (Serwist does): only posts made while
      // navigator.onLine was false break the rule.
      expect(postedUrls(await postsWhileOfflineIn(page), origin), "URLs posted while offline").toEqual([]);
    });
  });
});

test.describe("ONL-2 reload-on-online switched off", { tag: ONLINE_STATE_TAG }, () => {
  checkProfileFirst((profile) => servedReference(profile, "configuration switches"));

  test("ONL-2 does not reload when reload-on-online is switched off", RECOMMENDED, async ({ enginePage, engineServer, profile, facts }) => {
    const network = switchOrNotChecked();
    await engineServer.configure({ reloadOnOnline: false });
    await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
    await mark(enginePage, "original");
    try {
      await goOffline(enginePage, network, engineServer);
      await goOnline(network, engineServer);
      // Back online for real, or there was nothing to reload on: a page that stayed is no pass then.
      await stimulus("the browser coming back online (the namespace's default route restored)", "home", () =>
        expect.poll(() => onLine(enginePage), { message: "navigator.onLine", timeout: STATE_CHANGE_MS }).not.toBe(false),
      );
      const settle = profile.onlineSettleMs ?? SETTLE_BUDGET_MS;
      const reloaded = await cameWithin("a reload", () => expect.poll(() => documentOf(enginePage), { timeout: settle + WRITE_GRACE_MS }).not.toBe("original"));
      expect(reloaded, `a reload within the settle time (${settle} ms) and ${WRITE_GRACE_MS} ms more, back online with reload-on-online switched off`).toBe(
        false,
      );
    } finally {
      await goOnline(network, engineServer);
    }
  });
});

test.describe("ONL-2 caching and registration switched off", () => {
  checkProfileFirst((profile) => servedReference(profile, "configuration switches"));

  test("ONL-2 caches no navigations when navigation caching is switched off", RECOMMENDED, async ({ enginePage, engineServer, app, profile, facts }) => {
    const offline = needs(profile.offline, "offline page (offline.text)");
    await engineServer.configure({ cacheNavigations: false });
    const { origin } = engineServer;
    const [linked, visited] = [app.page(0), app.pageOrAnother(1, app.page(0))];
    await engineControl(enginePage, `${origin}${profile.home}`, facts);
    await clientNavigate(enginePage, profile, linked);
    await expect.poll(() => headingOf(enginePage, linked), { message: `the heading of ${linked.path}` }).toBe(linked.heading);
    await enginePage.goto(`${origin}${visited.path}`);
    // As in Chromium: offline, neither page comes from the worker's store; the offline page does.
    await serverOffline(engineServer);
    for (const target of [linked, visited]) {
      const outcome = await landOn(enginePage, `${origin}${target.path}`);
      expect(outcome.controlled, `offline navigation to ${target.path}: ${outcome.summary}`).toBe(true);
      await expect.poll(() => shownText(enginePage, offline.selector), { message: `what the page shows offline at ${target.path}` }).toContain(offline.text);
    }
    const pagePaths = new Set(profile.pages.map((page) => page.path));
    expect(
      (await cachedUrlsIn(enginePage)).filter((url) => pagePaths.has(new URL(url).pathname)),
      "the profile's pages in Cache Storage",
    ).toEqual([]);
  });

  test("ONL-2 registers no worker when registration is switched off", RECOMMENDED, async ({ enginePage, engineServer, profile }) => {
    await engineServer.configure({ register: false });
    await enginePage.goto(`${engineServer.origin}${profile.home}`);
    await decided(enginePage, profile, async () => []);
    expect(await registrationScopes(enginePage), "the page's registrations").toEqual([]);
    expect(await scriptFetches(engineServer, profile), "fetches of the worker script (a register() call)").toEqual([]);
  });
});
