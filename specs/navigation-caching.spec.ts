import type { Page } from "@playwright/test";
import type { Profile } from "../cli/profile/profileSchema.ts";
import type { AppFacts } from "../kit/appFacts.ts";
import type { JournalEntry } from "../mock-server/journal/journal.ts";
import { cachedEntries, cachedHeaders, cachedUrls, storedWithinGrace } from "./checks/browserState.ts";
import { dataFetch, dataRequests, isDataRequest } from "./checks/dataRequests.ts";
import { expectFailureSent, FAILURE_CACHE_CONTROLS, FAILURE_STATUSES, failureFault } from "./checks/failureFault.ts";
import { gotoMarked, visitHeld } from "./checks/heldPage.ts";
import { navigate } from "./checks/navigation.ts";
import { unknownPath } from "./checks/notFoundPage.ts";
import { holdOffline } from "./checks/offline.ts";
import { offlinePage } from "./checks/offlinePage.ts";
import {
  expectPostedButNotStored,
  expectWorkerAskedForHtml,
  outsideFetches,
  outsidePaths,
  type PostedPagesPage,
  postCacheUrls,
  storesPostedPage,
  storesPostedPageAfterReply,
} from "./checks/postedPages.ts";
import { storedAfterChange } from "./checks/storedAfterChange.ts";
import { cameWithin, needs, notChecked, precondition, RECOMMENDED } from "./harness/applicability.ts";
import { checkProfileFirst, expect, test } from "./harness/fixtures.ts";
import type { MockServer } from "./harness/mockServerProcess.ts";

/** expectPostedButNotStored()'s view of a Playwright page. */
const postedPagesOf = (page: Page, facts: AppFacts, baseURL: string | undefined): PostedPagesPage => ({
  post: (urls) => postCacheUrls(page, urls, facts),
  storesPosted: (good) => storesPostedPage(page, baseURL, good, facts),
  storedWithinGrace: (url) => storedWithinGrace(page, url),
  storedUrls: () => cachedUrls(page),
});

test.describe("NAV-3 what the worker stores", () => {
  test("NAV-3 stores the HTML representation of a posted navigation", async ({ controlledPage: page, app, facts, baseURL }) => {
    const target = app.page(0);
    const url = `${baseURL}${target.path}`;
    await app.navigateClientSide(page, target);
    if (!(await storedAfterChange(page, url, "app", facts, { guide: true }))) {
      // Not storing its own navigations is NAV-1's failure. What the worker does with a navigation
      // posted to it is this clause's: post it as Workbox's protocol does.
      await postCacheUrls(page, [url], facts);
      expect(await storesPostedPageAfterReply(page, url), `Cache Storage holds ${target.path} once the worker has answered its CACHE_URLS`).toBe(true);
    }
    const entry = (await cachedEntries(page, url))[0];
    expect(entry?.contentType, "the stored response's content type").toContain("text/html");
  });

  test.describe(() => {
    checkProfileFirst(dataRequests);
    test("NAV-3 never stores the data representation as the document", RECOMMENDED, async ({ controlledPage: page, app, profile, baseURL }) => {
      const data = dataRequests(profile);
      const target = app.pageOrAnother(1);
      const dataRequest = page.waitForRequest((request) => new URL(request.url()).pathname === target.path && isDataRequest(data, request));
      // Armed before the page loads: an app may fetch its links' data ahead, as Next.js prefetches.
      await page.goto(profile.home);
      await app.navigateClientSide(page, target);
      await precondition("the app fetches the page's data (profile: data)", async () => {
        await dataRequest;
      });
      await precondition("the page is stored (NAV-3's required rule)", () => expect.poll(() => cachedUrls(page)).toContain(`${baseURL}${target.path}`));
      // Every entry under the page's URL, in every cache: a worker may keep a copy per strategy
      // (Serwist's webpack plugin stores one in its pages cache and one in its runtime cache).
      const stored = await cachedEntries(page, `${baseURL}${target.path}`);
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
      test(`NAV-3 does not store ${why}`, RECOMMENDED, async ({ controlledPage: page, app, facts, profile, baseURL }) => {
        await expectPostedButNotStored(postedPagesOf(page, facts, baseURL), baseURL, [pathOf(profile)], app.pageOrAnother(2).path);
      });
    });
  }

  for (const how of FAILURE_CACHE_CONTROLS) {
    test(`NAV-3 does not store a 404, 403, 401 or 500 sent ${how.sent}`, RECOMMENDED, async ({ controlledPage: page, mock, app, facts, baseURL }) => {
      const path = app.pageOrAnother(1).path;
      // A page per status, told apart by a query parameter its fault matches: all four posted at
      // once, so they share one grace (the kit's settle pages are query URLs too, so a worker that
      // stores posted pages stores these under their own URLs).
      const failures = await Promise.all(
        FAILURE_STATUSES.map(async (status) => ({
          status,
          path: `${path}?pck-status=${status}`,
          fault: await mock.addFault({ ...failureFault(path, status, "document", how), query: { "pck-status": String(status) } }),
        })),
      );
      await expectPostedButNotStored(
        postedPagesOf(page, facts, baseURL),
        baseURL,
        failures.map((failure) => failure.path),
        // The good page may be the failing one's: its URL without the query is another URL.
        app.pageOrAnother(2).path,
        () =>
          precondition(`the mock server answers the worker 404, 403, 401 and 500 ${how.sent}`, async () => {
            for (const { fault, status } of failures) await expectFailureSent(mock, fault.id, status, how);
          }),
      );
    });
  }

  test("NAV-3 asks the network for the HTML representation", RECOMMENDED, async ({ controlledPage: page, mock, app, facts, baseURL }) => {
    const target = app.page(0);
    await app.navigateClientSide(page, target);
    const stored = await storedAfterChange(page, `${baseURL}${target.path}`, "app", facts, { guide: true });
    await expectWorkerAskedForHtml(() => mock.journal(), target.path, stored);
  });

  test.describe(() => {
    checkProfileFirst(outsidePaths);
    test("NAV-3 does not fetch or store URLs outside the scope", RECOMMENDED, async ({ controlledPage: page, mock, app, facts, profile, baseURL }) => {
      const outside = outsidePaths(profile);
      const good = app.pageOrAnother(2).path;
      const journaled = (await mock.journal()).length;
      // Same origin only: a cross-origin URL cannot reach this journal, and posting one is NAV-1's
      // subject (history refuses it). The good page shows the worker handled the message.
      await postCacheUrls(page, [...outside.map((path) => `${baseURL}${path}`), `${baseURL}${good}`], facts);
      await storesPostedPage(page, baseURL, good, facts);
      const urls = await cachedUrls(page);
      expect(
        urls.filter((url) => outside.includes(new URL(url).pathname)),
        "Cache Storage entries outside the scope",
      ).toEqual([]);
      expect(outsideFetches((await mock.journal()).slice(journaled), outside), "requests the worker made for URLs outside its scope").toEqual([]);
    });
  });

  test.describe(() => {
    checkProfileFirst(dataRequests);
    test("NAV-3 never answers the page's data request with the cached document", RECOMMENDED, async ({ controlledPage: page, mock, app, profile }) => {
      const context = page.context();
      const data = dataRequests(profile);
      await page.goto(app.page(0).path);
      await holdOffline(page, context, mock);
      const outcome = await page.evaluate(
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

test.describe("NAV-4 offline navigation to cached pages", () => {
  test("NAV-4 serves a cached page on goto while offline", async ({ controlledPage: page, mock, app, profile, baseURL }) => {
    const context = page.context();
    const target = app.pageOrAnother(1);
    await visitHeld(page, mock, target.path, baseURL);
    await app.confirmShown(page, target);
    await page.goto(profile.home);
    await holdOffline(page, context, mock);
    const outcome = await navigate(page, target.path);
    expect(outcome.fromServiceWorker, `offline navigation to a page visited online: ${outcome.summary}`).toBe(true);
    await expect(app.heading(page, target)).toHaveText(target.heading);
  });

  test("NAV-4 serves a cached page on reload while offline", async ({ controlledPage: page, mock, app, baseURL }) => {
    const context = page.context();
    const target = app.page(0);
    await visitHeld(page, mock, target.path, baseURL);
    await app.confirmShown(page, target);
    await holdOffline(page, context, mock);
    const outcome = await navigate(page, target.path, { reload: true });
    expect(outcome.fromServiceWorker, `offline reload of a page visited online: ${outcome.summary}`).toBe(true);
    await expect(app.heading(page, target)).toHaveText(target.heading);
  });
});

/** A header a fault adds to the server's answer, so a test can tell it from a stored copy. */
const FRESH_HEADER = "x-pck-fresh";

test.describe("NAV-5 network-first", () => {
  test("NAV-5 answers an online navigation to a stored page from the network and stores that answer", async ({ controlledPage: page, mock, app, baseURL }) => {
    const target = app.page(0);
    const url = `${baseURL}${target.path}`;
    await visitHeld(page, mock, target.path, baseURL);
    await app.confirmShown(page, target);
    // The server's next answer carries a mark of its own. A count of requests would not do: the
    // browser sends a navigation preload whether or not the worker uses it.
    const mark = `fresh-${Date.now()}`;
    const fault = await mock.addFault({ path: target.path, representation: "document", responseHeaders: { [FRESH_HEADER]: mark } });
    const response = await page.goto(target.path);
    // No precondition on the fault's hits: a cache-first worker without navigation preload never asks
    // the server, which is the very failure this test is for, not a stimulus that did not happen.
    const hits = (await mock.faults()).find((f) => f.id === fault.id)?.hits ?? 0;
    expect(response?.headers()[FRESH_HEADER], `the page shown is the network's answer, not the stored copy (the server was asked ${hits} time(s))`).toBe(mark);
    await expect
      .poll(async () => (await cachedHeaders(page, url, FRESH_HEADER)).includes(mark), { message: "the stored copy is the network's answer" })
      .toBe(true);
  });

  test.describe(() => {
    const renderIdSelector = (profile: Profile) =>
      profile.reference?.renderIdSelector ?? notChecked("telling two renders of a page apart needs the reference app's per-render id");
    checkProfileFirst(renderIdSelector);

    test("NAV-5 refreshes the cached copy on every online navigation", async ({ controlledPage: page, app, profile, baseURL }) => {
      // The reference's per-render id tells the stored copy is the one shown; on another app the
      // test above checks the same with a header, and this one is not checked.
      const selector = renderIdSelector(profile);
      const target = app.page(0);
      const cachedRenderId = async () => {
        const body = (await cachedEntries(page, `${baseURL}${target.path}`))[0]?.body ?? "";
        return page.evaluate(({ html, css }) => new DOMParser().parseFromString(html, "text/html").querySelector(css)?.getAttribute("content") ?? null, {
          html: body,
          css: selector,
        });
      };
      await page.goto(target.path);
      await precondition("the page is stored after an online visit", () => expect.poll(cachedRenderId).not.toBeNull());
      const first = await cachedRenderId();
      const response = await page.goto(target.path);
      expect(response?.fromServiceWorker()).toBe(true);
      const shown = await page.locator(selector).getAttribute("content");
      expect(shown).not.toBe(first);
      await expect.poll(cachedRenderId).toBe(shown);
    });
  });
});

/** The requests that fetch a document: the browser's navigation, its preload, the worker's own fetch. */
const DOCUMENT_KINDS: ReadonlySet<string> = new Set(["navigation", "preload", "worker"]);

let onceCount = 0;

/**
 * Navigates the controlled page to a fresh URL of `target` and returns how many document requests
 * for it reached the server. A second request may still be under way when the page has loaded (a
 * preload the worker did not wait for), so a later navigation is the sentinel: its request starts
 * after every request of the first one, and is journaled after them unless one of those outlasts a
 * whole navigation.
 */
async function documentRequestsOf(page: Page, mock: MockServer, target: string, sentinel: string): Promise<JournalEntry[]> {
  onceCount += 1;
  const stamp = `pck-once=${onceCount}-${Date.now()}`;
  const url = `${target}?${stamp}`;
  await page.goto(url);
  const last = `${sentinel}?${stamp}`;
  // The server's answers to the sentinel carry a mark: one the worker answers from its cache (an app
  // shell) comes without it, and sends nothing to wait for. Then nothing of the first navigation is
  // under way either, and its count stands as it is (none, which the rule fails).
  if (!(await gotoMarked(page, mock, last)).fromCache)
    await cameWithin(`the sentinel ${last} reaches the server`, () =>
      expect.poll(async () => (await mock.journal()).some((entry) => entry.url === last && DOCUMENT_KINDS.has(entry.kind))).toBe(true),
    );
  return (await mock.journal()).filter((entry) => entry.url === url && DOCUMENT_KINDS.has(entry.kind));
}

const kindsOf = (entries: readonly JournalEntry[]) => entries.map((entry) => `${entry.kind} ${entry.status ?? entry.outcome}`);

test.describe("NAV-5 one request per navigation", () => {
  test("NAV-5 a navigation the running worker answers reaches the server once", RECOMMENDED, async ({ controlledPage: page, mock, app }) => {
    const target = app.page(0);
    const requests = await documentRequestsOf(page, mock, target.path, app.pageOrAnother(1, target).path);
    expect(kindsOf(requests), "the document requests of one online navigation").toHaveLength(1);
  });
});

test.describe("NAV-6 offline page", () => {
  test("NAV-6 serves the offline page for an uncached URL while offline", RECOMMENDED, async ({ controlledPage: page, mock, app, profile }) => {
    const context = page.context();
    await holdOffline(page, context, mock);
    const outcome = await navigate(page, app.pageOrAnother(2).path);
    expect(outcome.fromServiceWorker, `offline navigation to an uncached page: ${outcome.summary}`).toBe(true);
    expect(outcome.status, "the offline page's status").toBe(200);
    expect(outcome.contentType, "the offline page's content type").toContain("text/html");
    // The rule says an app without an offline page fails it: answering the page itself (an app
    // shell) keeps the browser's error page away, but is not an offline page.
    expect(profile.offline?.text, "the app's offline page (the profile's offline.text; without one, the app has none)").toBeDefined();
    if (profile.offline) await expect(app.textHolder(page, profile.offline)).toContainText(profile.offline.text, { useInnerText: true });
  });

  test.describe(() => {
    checkProfileFirst(offlinePage);
    test("NAV-6 the offline page is the app's own, stored before going offline", RECOMMENDED, async ({ controlledPage: page, mock, app, profile }) => {
      const context = page.context();
      const offline = offlinePage(profile);
      // Stored at install: an HTML entry of Cache Storage says the offline text before any navigation
      // fails; a worker that makes up a response when the network fails has no such entry.
      const stored = (await cachedEntries(page)).filter((entry) => entry.contentType?.includes("text/html") && entry.body.includes(offline.text));
      expect(
        stored.map((entry) => entry.url),
        `HTML entries of Cache Storage with '${offline.text}', before going offline`,
      ).not.toEqual([]);
      await holdOffline(page, context, mock);
      await navigate(page, app.pageOrAnother(2).path);
      await precondition("the offline page shows (NAV-6)", () => expect(app.textHolder(page, offline)).toContainText(offline.text, { useInnerText: true }));
    });
  });

  test("NAV-6 offline page is distinct from the 404 page", RECOMMENDED, async ({ controlledPage: page, mock, app, profile }) => {
    const context = page.context();
    // Whatever its status (an app-shell worker answers 200, ERR-1's subject): what a person sees there.
    await page.goto(unknownPath(profile));
    // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator's rendered text, what a person sees, not the DOM property.
    const notFoundText = await page.locator("body").innerText();
    await holdOffline(page, context, mock);
    const outcome = await navigate(page, app.pageOrAnother(2).path);
    expect(outcome.error, "offline navigation to an uncached page").toBeNull();
    expect(outcome.status, "the offline page's status").not.toBe(404);
    // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator's rendered text, what a person sees, not the DOM property.
    const offlineText = await page.locator("body").innerText();
    expect(offlineText, "the offline page's text").not.toBe(notFoundText);
    if (profile.fallbacks.notFound) expect(offlineText, "the offline page's text").not.toContain(profile.fallbacks.notFound.text);
  });
});
