/**
 * NAV-1's required rule in Firefox and WebKit: after a history change while online (the app's own
 * client-side navigation, another script's `replaceState`, several changes) the new URL's page ends
 * up in Cache Storage, whatever the channel. The same outcomes specs/navigation-posting.spec.ts
 * judges in Chromium, read from Cache Storage in the page. The recommended protocol (the CACHE_URLS
 * messages) is read by Chromium's spy, a script before the page's own that WebKit's driver cannot
 * run: Chromium's for now, as is the test with no worker in control.
 *
 * NAV-3's required rule too: what ends up stored for such a navigation is an HTML document (not the
 * data a client-side navigation fetched), as specs/navigation-caching.spec.ts judges in Chromium.
 *
 * Each wait for a page to be stored is the full window: the probe's windows are Chromium's, and a
 * verdict in another engine does not rest on how fast Chromium stored (or did not store) a page.
 */
import type { AppFacts } from "../../kit/appFacts.ts";
import type { EnginePage } from "../../kit/engines/engine.ts";
import type { AppDriver, ProfilePage } from "../checks/appDriver.ts";
import { cachedEntriesInPage, postToWorkerInPage, workerPost } from "../checks/browserState.ts";
import { postCacheUrlsBy } from "../checks/postedPages.ts";
import { pushThenReplace } from "../checks/readyForHistoryChanges.ts";
import { withoutFragment } from "../checks/storedAfterChange.ts";
import { precondition } from "../harness/applicability.ts";
import { expect, test } from "../harness/engineFixtures.ts";
import { FULL_WAIT_MS, guidedBy, WRITE_GRACE_MS } from "../harness/windows.ts";
import { cachedUrlsIn, clientNavigate, engineControl } from "./enginePages.ts";

/** The stored URLs, each withoutFragment() as Chromium's test reads them. */
async function storedIn(page: EnginePage): Promise<string[]> {
  return (await cachedUrlsIn(page)).map(withoutFragment);
}

/** Whether Cache Storage comes to hold `url` within the full window (or `timeout`): an observation, never a verdict. */
function comesStored(page: EnginePage, url: string, timeout = FULL_WAIT_MS): Promise<boolean> {
  return expect
    .poll(async () => (await storedIn(page)).includes(url), { timeout })
    .toBe(true)
    .then(
      () => true,
      () => false,
    );
}

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

test.describe("NAV-3 what the worker stores", () => {
  test("NAV-3 stores the HTML representation of a posted navigation", async ({ enginePage, engineServer, app, profile, facts }) => {
    const target = app.page(0);
    const url = `${engineServer.origin}${target.path}`;
    await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
    await clientNavigate(enginePage, profile, target);
    if (!(await comesStored(enginePage, url))) {
      // Not storing its own navigations is NAV-1's failure. What the worker does with a navigation
      // posted to it is this clause's: post it as Workbox's protocol does.
      const post = (message: unknown) => enginePage.evaluate(postToWorkerInPage, workerPost(message));
      await postCacheUrlsBy(post, [url], facts);
      expect(await comesStored(enginePage, url, WRITE_GRACE_MS), `Cache Storage holds ${target.path} once the worker has answered its CACHE_URLS`).toBe(true);
    }
    const entry = (await enginePage.evaluate(cachedEntriesInPage, url))[0];
    expect(entry?.contentType, "the stored response's content type").toContain("text/html");
  });
});
