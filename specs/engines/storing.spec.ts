/**
 * NAV-3 in Firefox and WebKit: what a worker stores of a navigation, as
 * specs/navigation-caching.spec.ts judges it in Chromium. Required: the page of the app's own
 * navigation is stored as an HTML document. Recommended: pages posted as Workbox's `CACHE_URLS`
 * (with a reply port, so the test knows the worker is done) that are not a 200 same-origin HTML
 * document of the scope, sent without `no-store` and not redirected, are not stored; the worker asks
 * for HTML; the data a client-side navigation fetches is never stored as the page, nor answered
 * with it offline. Nothing here needs a script before the page's own: every engine runs it all.
 * What the worker asked is read from the mock server's journal, which sees the worker's requests.
 */
import type { Profile } from "../../cli/profile/profileSchema.ts";
import type { AppFacts } from "../../kit/appFacts.ts";
import type { EnginePage } from "../../kit/engines/engine.ts";
import type { JournalEntry } from "../../mock-server/journal/journal.ts";
import { cachedEntriesInPage } from "../checks/browserState.ts";
import { dataFetch, dataRequests, isDataRequest } from "../checks/dataRequests.ts";
import { expectFailureSent, FAILURE_CACHE_CONTROLS, FAILURE_STATUSES, failureFault } from "../checks/failureFault.ts";
import { serverOffline } from "../checks/offline.ts";
import { expectPostedButNotStored, expectWorkerAskedForHtml, outsideFetches, outsidePaths, type PostedPagesPage } from "../checks/postedPages.ts";
import { needs, precondition, RECOMMENDED } from "../harness/applicability.ts";
import { expect, test } from "../harness/engineFixtures.ts";
import { checkProfileFirst } from "../harness/fixtures.ts";
import { WRITE_GRACE_MS } from "../harness/windows.ts";
import { clientNavigate, engineControl } from "./enginePages.ts";
import { comesStored, postCacheUrlsIn, storedIn, storesPostedPageIn } from "./engineStored.ts";

/** expectPostedButNotStored()'s view of an engine's page. */
const postedPagesOf = (page: EnginePage, facts: AppFacts, origin: string): PostedPagesPage => ({
  post: (urls) => postCacheUrlsIn(page, urls, facts),
  storesPosted: (good) => storesPostedPageIn(page, origin, good, facts),
  storedWithinGrace: (url) => comesStored(page, url, WRITE_GRACE_MS),
  storedUrls: () => storedIn(page),
});

/** A journal entry as dataRequests.ts reads a request: its URL and headers. */
const asRequest = (origin: string, entry: JournalEntry) => ({ url: () => `${origin}${entry.url}`, headers: () => ({ ...entry.requestHeaders }) });

test.describe("NAV-3 what the worker stores", () => {
  test("NAV-3 stores the HTML representation of a posted navigation", async ({ enginePage, engineServer, app, profile, facts }) => {
    const target = app.page(0);
    const url = `${engineServer.origin}${target.path}`;
    await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
    await clientNavigate(enginePage, profile, target);
    if (!(await comesStored(enginePage, url))) {
      // Not storing its own navigations is NAV-1's failure. What the worker does with a navigation
      // posted to it is this clause's: post it as Workbox's protocol does.
      await postCacheUrlsIn(enginePage, [url], facts);
      expect(await comesStored(enginePage, url, WRITE_GRACE_MS), `Cache Storage holds ${target.path} once the worker has answered its CACHE_URLS`).toBe(true);
    }
    const entry = (await enginePage.evaluate(cachedEntriesInPage, url))[0];
    expect(entry?.contentType, "the stored response's content type").toContain("text/html");
  });

  test.describe(() => {
    checkProfileFirst(dataRequests);
    test("NAV-3 never stores the data representation as the document", RECOMMENDED, async ({ enginePage, engineServer, app, profile, facts }) => {
      const data = dataRequests(profile);
      const target = app.pageOrAnother(1);
      const url = `${engineServer.origin}${target.path}`;
      await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
      await clientNavigate(enginePage, profile, target);
      await precondition("the app fetches the page's data (profile: data)", () =>
        expect
          .poll(async () =>
            (await engineServer.journal()).some((e) => e.url.split("?")[0] === target.path && isDataRequest(data, asRequest(engineServer.origin, e))),
          )
          .toBe(true),
      );
      await precondition("the page is stored (NAV-3's required rule)", async () => expect(await comesStored(enginePage, url)).toBe(true));
      // Every entry under the page's URL, in every cache: a worker may keep a copy per strategy.
      const stored = await enginePage.evaluate(cachedEntriesInPage, url);
      expect(
        stored.map((e) => e.contentType?.split(";")[0]).filter((type) => type !== "text/html"),
        `content types other than text/html stored under ${target.path}`,
      ).toEqual([]);
    });
  });

  for (const [key, why] of [
    ["json", "a JSON-only response"],
    ["redirect", "a redirected response"],
    ["noStore", "a Cache-Control: no-store response"],
  ] as const) {
    const pathOf = (profile: Profile) => needs(profile.uncacheable[key], `in-scope URL that gives ${why} (uncacheable.${key})`);
    test.describe(() => {
      checkProfileFirst(pathOf);
      test(`NAV-3 does not store ${why}`, RECOMMENDED, async ({ enginePage, engineServer, app, profile, facts }) => {
        await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
        await expectPostedButNotStored(
          postedPagesOf(enginePage, facts, engineServer.origin),
          engineServer.origin,
          [pathOf(profile)],
          app.pageOrAnother(2).path,
        );
      });
    });
  }

  for (const how of FAILURE_CACHE_CONTROLS) {
    test(`NAV-3 does not store a 404, 403, 401 or 500 sent ${how.sent}`, RECOMMENDED, async ({ enginePage, engineServer, app, profile, facts }) => {
      const path = app.pageOrAnother(1).path;
      // A page per status, told apart by a query parameter its fault matches: all four posted at once.
      const failures = await Promise.all(
        FAILURE_STATUSES.map(async (status) => ({
          status,
          path: `${path}?pck-status=${status}`,
          fault: await engineServer.addFault({ ...failureFault(path, status, "document", how), query: { "pck-status": String(status) } }),
        })),
      );
      await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
      await expectPostedButNotStored(
        postedPagesOf(enginePage, facts, engineServer.origin),
        engineServer.origin,
        failures.map((failure) => failure.path),
        app.pageOrAnother(2).path,
        () =>
          precondition(`the mock server answers the worker 404, 403, 401 and 500 ${how.sent}`, async () => {
            for (const { fault, status } of failures) await expectFailureSent(engineServer, fault.id, status, how);
          }),
      );
    });
  }

  test("NAV-3 asks the network for the HTML representation", RECOMMENDED, async ({ enginePage, engineServer, app, profile, facts }) => {
    const target = app.page(0);
    await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
    await clientNavigate(enginePage, profile, target);
    const stored = await comesStored(enginePage, `${engineServer.origin}${target.path}`);
    await expectWorkerAskedForHtml(() => engineServer.journal(), target.path, stored);
  });

  test.describe(() => {
    checkProfileFirst(outsidePaths);
    test("NAV-3 does not fetch or store URLs outside the scope", RECOMMENDED, async ({ enginePage, engineServer, app, profile, facts }) => {
      const outside = outsidePaths(profile);
      const good = app.pageOrAnother(2).path;
      await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
      const journaled = (await engineServer.journal()).length;
      await postCacheUrlsIn(enginePage, [...outside.map((path) => `${engineServer.origin}${path}`), `${engineServer.origin}${good}`], facts);
      await storesPostedPageIn(enginePage, engineServer.origin, good, facts);
      expect(
        (await storedIn(enginePage)).filter((url) => outside.includes(new URL(url).pathname)),
        "Cache Storage entries outside the scope",
      ).toEqual([]);
      expect(outsideFetches((await engineServer.journal()).slice(journaled), outside), "requests the worker made for URLs outside its scope").toEqual([]);
    });
  });

  test.describe(() => {
    checkProfileFirst(dataRequests);
    test("NAV-3 never answers the page's data request with the cached document", RECOMMENDED, async ({ enginePage, engineServer, app, profile, facts }) => {
      const data = dataRequests(profile);
      // The page visited online, under the worker's control: what it stores of its document is what
      // might be answered for the data request offline.
      await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
      await enginePage.goto(`${engineServer.origin}${app.page(0).path}`);
      await serverOffline(engineServer);
      const outcome = await enginePage.evaluate(
        async ({ url, headers }) => {
          try {
            const response = await fetch(url, { headers });
            return `answered ${response.headers.get("content-type")}`;
          } catch (error) {
            return (error as Error).name;
          }
        },
        dataFetch(data, app.page(0).path),
      );
      expect(outcome, "the offline data request's answer").not.toMatch(/text\/html/);
    });
  });
});
