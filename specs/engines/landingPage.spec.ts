/**
 * NAV-7 in Firefox and WebKit: the page first arrived on, loaded before any worker existed, is stored
 * and served offline; what is stored under its URL is its document, never a failed answer. The same
 * rules specs/landing-page.spec.ts judges in Chromium, read from Cache Storage in the page. Offline is
 * the mock server's switch (offline.spec.ts says why). As in Chromium, the landing page is opened again
 * offline in a new tab of the same private context; a page that answered 500, one sent `no-store`
 * and a redirect's first URL are never stored; a server that hangs on the worker's request for the
 * landing page does not hold the worker's activation beyond its network timeout.
 *
 * NAV-8, the bare base path (`/app` for scope `/app/`): it leads to a controlled page, keeps its
 * query, opens offline after one online visit (the browser keeps the redirect, the worker answers
 * where it leads) and is never stored. Whether the redirect is permanent is a property of the
 * server's answer, the same in every engine: judged once, in Chromium.
 */
import type { AppFacts } from "../../kit/appFacts.ts";
import type { EnginePage } from "../../kit/engines/engine.ts";
import { activeWorkerStateInPage, cachedEntriesInPage } from "../checks/browserState.ts";
import { workerRequestsOnly } from "../checks/faultTargets.ts";
import { noStorePath, redirectPath, serverErrorPath } from "../checks/landingPaths.ts";
import { ANSWER_MARGIN_MS, HELD_AND_LET_GO, heldAndLetGo, networkTimeout } from "../checks/networkTimeout.ts";
import { unknownPath } from "../checks/notFoundPage.ts";
import { serverOffline } from "../checks/offline.ts";
import { needs, notChecked, precondition, RECOMMENDED } from "../harness/applicability.ts";
import { controlTimeout, refuseWithoutControl } from "../harness/control.ts";
import { expect, test } from "../harness/engineFixtures.ts";
import { checkProfileFirst } from "../harness/fixtures.ts";
import { WRITE_GRACE_MS } from "../harness/windows.ts";
import { cachedUrlsIn, engineControl, headingOf, landOn } from "./enginePages.ts";

/**
 * Resolves once the page's registration has an activated worker: its `activate` work (the landing
 * page's storing, for the reference) is over. Never a reload, as in Chromium: NAV-7's subject is the
 * page of the first visit, which a worker that does not claim it never sees.
 */
function activatedWorker(page: EnginePage, facts: AppFacts): Promise<void> {
  return precondition("the app's service worker is activated (REG-2)", async () => {
    refuseWithoutControl(facts);
    const state = () => page.evaluate(activeWorkerStateInPage, null);
    await expect.poll(state, { message: "the state of the page's active worker", timeout: controlTimeout(facts) }).toBe("activated");
  });
}

test.describe("NAV-7 the landing page is saved", () => {
  test("NAV-7 serves the page first arrived on from the worker offline", RECOMMENDED, async ({ enginePage, engineServer, app, facts }) => {
    const landing = app.page(0);
    const url = `${engineServer.origin}${landing.path}`;
    await enginePage.goto(url);
    await activatedWorker(enginePage, facts);
    await expect.poll(() => cachedUrlsIn(enginePage), { message: `Cache Storage holds the landing page ${landing.path}` }).toContain(url);
    await serverOffline(engineServer);
    const tab = await enginePage.newTab();
    const outcome = await landOn(tab, url);
    expect(outcome.controlled, `the landing page offline, in a new tab: ${outcome.summary}`).toBe(true);
    await expect.poll(() => headingOf(tab, landing), { message: `the heading of ${landing.path}` }).toBe(landing.heading);
  });

  test("NAV-7 stores nothing but the landing page's document under its URL", RECOMMENDED, async ({ enginePage, engineServer, app, facts }) => {
    const landing = app.pageOrAnother(1);
    const url = `${engineServer.origin}${landing.path}`;
    await enginePage.goto(url);
    await activatedWorker(enginePage, facts);
    // Whether it is stored at all is the test above; here, that nothing else stands in its place.
    const others = (await enginePage.evaluate(cachedEntriesInPage, url)).filter((entry) => entry.status !== 200 || !entry.contentType?.startsWith("text/html"));
    expect(
      others.map((entry) => `${entry.cacheName}: ${entry.status} ${entry.contentType}`),
      "entries under the landing page's URL that are not its document",
    ).toEqual([]);
  });

  test("NAV-7 does not store a landing page that answered 404", RECOMMENDED, async ({ enginePage, engineServer, profile, facts }) => {
    const url = `${engineServer.origin}${unknownPath(profile)}`;
    await enginePage.goto(url);
    await activatedWorker(enginePage, facts);
    expect(await cachedUrlsIn(enginePage), "Cache Storage").not.toContain(url);
  });

  test.describe(() => {
    checkProfileFirst(serverErrorPath);
    test("NAV-7 does not store a landing page that answered 500", RECOMMENDED, async ({ enginePage, engineServer, app, profile, facts }) => {
      let path = serverErrorPath(profile);
      if (!path) {
        path = app.pageOrAnother(2).path;
        // Sticky: the server keeps failing, as a broken page does; the worker's own request sees it too.
        await engineServer.addFault({ path, status: 500, representation: "document" });
      }
      const url = `${engineServer.origin}${path}`;
      await enginePage.goto(url);
      await activatedWorker(enginePage, facts);
      expect(await cachedUrlsIn(enginePage), "Cache Storage").not.toContain(url);
    });
  });

  test.describe(() => {
    checkProfileFirst(noStorePath);
    test("NAV-7 does not store a landing page sent with Cache-Control: no-store", RECOMMENDED, async ({ enginePage, engineServer, profile, facts }) => {
      const path = noStorePath(profile);
      const url = `${engineServer.origin}${path}`;
      await enginePage.goto(url);
      // The driver gives no response headers: the journal has what the server sent the page's navigation.
      await precondition(`${path} is sent with Cache-Control: no-store`, async () => {
        const sent = (await engineServer.journal()).find(
          (entry) => entry.secFetchDest === "document" && new URL(entry.url, engineServer.origin).pathname === path,
        );
        expect(String(sent?.responseHeaders["cache-control"] ?? "")).toMatch(/(^|,)\s*no-store\s*(,|$)/i);
      });
      await activatedWorker(enginePage, facts);
      const stored = await expect
        .poll(() => cachedUrlsIn(enginePage), { timeout: WRITE_GRACE_MS })
        .toContain(url)
        .then(
          () => true,
          () => false,
        );
      expect(stored, `${path} stored in Cache Storage`).toBe(false);
    });
  });

  test(
    "NAV-7 gives up saving the landing page when the server hangs, and activates",
    RECOMMENDED,
    async ({ enginePage, engineServer, app, profile, facts }) => {
      const timeout = await networkTimeout(engineServer, profile);
      const landing = app.pageOrAnother(2);
      // Only the worker's request for the landing page hangs (both engines send its script as Referer),
      // and the query keeps the worker's install out of it, as in Chromium.
      const query = { "pck-landing": "hang" };
      const fault = await engineServer.addFault({ path: landing.path, query, hang: true, headers: workerRequestsOnly(profile) });
      await enginePage.goto(`${engineServer.origin}${landing.path}?${new URLSearchParams(query)}`);
      const state = () => enginePage.evaluate(activeWorkerStateInPage, null);
      await precondition("the app's worker installs and starts activating (REG-2)", () =>
        expect.poll(state, { timeout: controlTimeout(facts) }).toMatch(/^activat(ing|ed)$/),
      );
      await expect.poll(state, { timeout: timeout + ANSWER_MARGIN_MS, message: `the worker's state, network timeout ${timeout} ms` }).toBe("activated");
      // Every request the fault held has been let go of: the worker gave up on it rather than leave it open.
      await expect.poll(() => heldAndLetGo(engineServer, fault.id), { timeout: timeout + ANSWER_MARGIN_MS }).toMatch(HELD_AND_LET_GO);
    },
  );

  test.describe(() => {
    checkProfileFirst(redirectPath);
    test("NAV-7 stores a redirected landing page under its final URL only", RECOMMENDED, async ({ enginePage, engineServer, profile, facts }) => {
      const url = `${engineServer.origin}${redirectPath(profile)}`;
      await enginePage.goto(url);
      await activatedWorker(enginePage, facts);
      const landedOn = await enginePage.url();
      await precondition("the redirect led to another page", async () => expect(landedOn).not.toBe(url));
      expect(await cachedUrlsIn(enginePage), "Cache Storage").not.toContain(url);
    });
  });
});

test.describe("NAV-8 the bare base path", () => {
  /** `/app` for base path `/app`; an app at the site root has no bare form. */
  const bare = (basePath: string) => needs(basePath === "/" ? undefined : basePath, "base path other than the site root (its scope has no bare form)");
  checkProfileFirst((profile) => bare(profile.basePath));

  test("NAV-8 leads the bare base path to a page the worker controls", RECOMMENDED, async ({ enginePage, engineServer, profile, facts }) => {
    const path = bare(profile.basePath);
    await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
    await enginePage.goto(`${engineServer.origin}${path}`);
    const landed = await enginePage.url();
    expect(new URL(landed).pathname.startsWith(profile.worker.scope), `${path} led to ${landed}, outside the scope ${profile.worker.scope}`).toBe(true);
    await expect
      .poll(() => enginePage.evaluate(() => navigator.serviceWorker.controller !== null, null), { message: `a worker controls ${landed}` })
      .toBe(true);
  });

  test("NAV-8 keeps the query on the way from the bare base path", RECOMMENDED, async ({ enginePage, engineServer, profile }) => {
    const path = bare(profile.basePath);
    await enginePage.goto(`${engineServer.origin}${path}?from=bookmark&x=%20y`);
    const landed = new URL(await enginePage.url());
    expect(landed.pathname.startsWith(profile.worker.scope), `${path}?… led to ${landed.href}, outside the scope ${profile.worker.scope}`).toBe(true);
    expect(landed.search, `the query after ${path}?from=bookmark&x=%20y led to ${landed.href}`).toBe("?from=bookmark&x=%20y");
  });

  test("NAV-8 opens the bare base path offline after one online visit", RECOMMENDED, async ({ enginePage, engineServer, engineOf, profile, facts }) => {
    const path = bare(profile.basePath);
    if (!engineOf.capabilities.httpCache)
      notChecked(
        `${engineOf.engine}: its driver's sessions keep no HTTP cache for navigations (ephemeral: not even a redirect sent with max-age of a year is kept), so a redirect a person's browser may keep cannot be`,
      );
    await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
    // Online first: whatever the app answers for the bare path, the browser may keep it.
    await enginePage.goto(`${engineServer.origin}${path}`);
    await serverOffline(engineServer);
    const outcome = await landOn(enginePage, `${engineServer.origin}${path}`);
    // Watched: Firefox asks the network again for a redirect kept without freshness (Chromium keeps a
    // permanent one without an expiry) while it believes it is online, as under the kit's switch, and
    // its own offline state (where it may answer from its cache) is not what the switch sets.
    // Where the browser's error page stands (its document keeps the URL it failed at; the driver's
    // own URL can still name the page before).
    const failedAt = async () => new URL(await enginePage.evaluate(() => location.href, null)).pathname;
    if (outcome.error !== null && engineOf.engine === "firefox" && (await failedAt()) === path)
      notChecked(
        `firefox: offline, it asked the network again for ${path}'s redirect (${outcome.error}); whether Firefox in its own offline state answers it from its cache the kit cannot tell (a network namespace would). A redirect sent with Cache-Control: max-age is kept`,
      );
    expect(outcome.error, `${path} offline`).toBeNull();
    expect(outcome.controlled, `${path} offline: ${outcome.summary}`).toBe(true);
  });

  test("NAV-8 never stores the bare base path's redirect in Cache Storage", RECOMMENDED, async ({ enginePage, engineServer, profile, facts }) => {
    const path = bare(profile.basePath);
    await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
    await enginePage.goto(`${engineServer.origin}${path}`);
    await enginePage.goto(`${engineServer.origin}${path}?again=1`);
    const stored = (await cachedUrlsIn(enginePage)).filter((url) => new URL(url).pathname === path);
    expect(stored, `entries stored under ${engineServer.origin}${path}`).toEqual([]);
  });
});
