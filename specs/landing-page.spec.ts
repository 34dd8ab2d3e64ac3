import type { Page } from "@playwright/test";
import type { AppFacts } from "../kit/appFacts.ts";
import { activeWorkerState, cachedEntries, cachedUrls, storedWithinGrace } from "./checks/browserState.ts";
import { workerRequestsOnly } from "./checks/faultTargets.ts";
import { noStorePath, redirectPath, serverErrorPath } from "./checks/landingPaths.ts";
import { navigate } from "./checks/navigation.ts";
import { ANSWER_MARGIN_MS, HELD_AND_LET_GO, heldAndLetGo, networkTimeout } from "./checks/networkTimeout.ts";
import { unknownPath } from "./checks/notFoundPage.ts";
import { holdOffline } from "./checks/offline.ts";
import { needs, precondition, RECOMMENDED } from "./harness/applicability.ts";
import { controlTimeout, waitForWorkerOf } from "./harness/control.ts";
import { checkProfileFirst, expect, test } from "./harness/fixtures.ts";
import { awaitSignal } from "./harness/windows.ts";

/**
 * Resolves once the app's worker is `activated`: its `activate` work (the landing page's storing,
 * for the reference) is over, so what Cache Storage holds then is final. Not a wait for control and
 * never a reload: NAV-7 is about the page of the first visit, which a worker that does not claim it
 * never sees; such a worker fails NAV-7 on its own assertion, not on a precondition.
 */
async function activatedController(page: Page, facts: AppFacts): Promise<void> {
  await precondition("the app's service worker is activated (REG-2)", () => waitForWorkerOf(page, "active or controlled", facts));
}

test.describe("NAV-7 the landing page is saved", () => {
  test("NAV-7 serves the page first arrived on from the worker offline", RECOMMENDED, async ({ page, context, mock, app, baseURL, facts }) => {
    const landing = app.page(0);
    await page.goto(landing.path);
    await activatedController(page, facts);
    const url = `${baseURL}${landing.path}`;
    // As long as the probe saw a first visit's page take to be stored (the grace when it saw none stored).
    if (
      !(await awaitSignal({
        what: `Cache Storage holds the landing page ${landing.path}`,
        seen: facts.landingStored,
        probe: async () => (await cachedUrls(page)).includes(url),
      }))
    )
      expect(await cachedUrls(page), `Cache Storage holds the landing page ${landing.path}`).toContain(url);
    await holdOffline(page, context, mock);
    const tab = await context.newPage();
    const outcome = await navigate(tab, landing.path);
    expect(outcome.fromServiceWorker, `the landing page offline, in a new tab: ${outcome.summary}`).toBe(true);
    await expect(app.heading(tab, landing)).toHaveText(landing.heading);
  });

  test("NAV-7 stores nothing but the landing page's document under its URL", RECOMMENDED, async ({ page, app, baseURL, facts }) => {
    const landing = app.pageOrAnother(1);
    await page.goto(landing.path);
    await activatedController(page, facts);
    // Whether it is stored at all is the test above; here, that nothing else stands in its place.
    const others = (await cachedEntries(page, `${baseURL}${landing.path}`)).filter(
      (entry) => entry.status !== 200 || !entry.contentType?.startsWith("text/html"),
    );
    expect(
      others.map((entry) => `${entry.cacheName}: ${entry.status} ${entry.contentType}`),
      "entries under the landing page's URL that are not its document",
    ).toEqual([]);
  });

  test("NAV-7 does not store a landing page that answered 404", RECOMMENDED, async ({ page, profile, baseURL, facts }) => {
    const path = unknownPath(profile);
    await page.goto(path);
    await activatedController(page, facts);
    expect(await cachedUrls(page), "Cache Storage").not.toContain(`${baseURL}${path}`);
  });

  test.describe(() => {
    checkProfileFirst(serverErrorPath);
    test("NAV-7 does not store a landing page that answered 500", RECOMMENDED, async ({ page, mock, app, profile, baseURL, facts }) => {
      let path = serverErrorPath(profile);
      if (!path) {
        path = app.pageOrAnother(2).path;
        // Sticky: the server keeps failing, as a broken page does; the worker's own request sees it too.
        await mock.addFault({ path, status: 500, representation: "document" });
      }
      await page.goto(path);
      await activatedController(page, facts);
      expect(await cachedUrls(page), "Cache Storage").not.toContain(`${baseURL}${path}`);
    });
  });

  test.describe(() => {
    checkProfileFirst(noStorePath);
    test("NAV-7 does not store a landing page sent with Cache-Control: no-store", RECOMMENDED, async ({ page, profile, baseURL, facts }) => {
      const path = noStorePath(profile);
      const response = await page.goto(path);
      const cacheControl = (await response?.allHeaders())?.["cache-control"] ?? "";
      await precondition(`${path} is sent with Cache-Control: no-store`, async () => expect(cacheControl).toMatch(/(^|,)\s*no-store\s*(,|$)/i));
      await activatedController(page, facts);
      expect(await storedWithinGrace(page, `${baseURL}${path}`), `${path} stored in Cache Storage`).toBe(false);
    });
  });

  test("NAV-7 gives up saving the landing page when the server hangs, and activates", RECOMMENDED, async ({ page, mock, app, profile, facts }) => {
    const timeout = await networkTimeout(mock, profile);
    const landing = app.pageOrAnother(2);
    // Only the worker's request for the landing page hangs: the page's own navigation gets its answer,
    // and the query keeps the worker's install out of it (Serwist precaches the app's pages at install).
    const query = { "pck-landing": "hang" };
    const fault = await mock.addFault({ path: landing.path, query, hang: true, headers: workerRequestsOnly(profile) });
    await page.goto(`${landing.path}?${new URLSearchParams(query)}`);
    await precondition("the app's worker installs and starts activating (REG-2)", () =>
      expect.poll(() => activeWorkerState(page), { timeout: controlTimeout(facts) }).toMatch(/^activat(ing|ed)$/),
    );
    await expect
      .poll(() => activeWorkerState(page), { timeout: timeout + ANSWER_MARGIN_MS, message: `the worker's state, network timeout ${timeout} ms` })
      .toBe("activated");
    // Every request the fault held has been let go of: the worker gave up on it rather than leave it open.
    await expect.poll(() => heldAndLetGo(mock, fault.id), { timeout: timeout + ANSWER_MARGIN_MS }).toMatch(HELD_AND_LET_GO);
  });

  test.describe(() => {
    checkProfileFirst(redirectPath);
    test("NAV-7 stores a redirected landing page under its final URL only", RECOMMENDED, async ({ page, profile, baseURL, facts }) => {
      const path = redirectPath(profile);
      await page.goto(path);
      await activatedController(page, facts);
      const landedOn = page.url();
      await precondition("the redirect led to another page", async () => expect(landedOn).not.toBe(`${baseURL}${path}`));
      expect(await cachedUrls(page), "Cache Storage").not.toContain(`${baseURL}${path}`);
    });
  });
});

test.describe("NAV-8 the bare base path", () => {
  /** `/app` for base path `/app`; an app at the site root has no bare form. */
  const bare = (basePath: string) => needs(basePath === "/" ? undefined : basePath, "base path other than the site root (its scope has no bare form)");
  checkProfileFirst((profile) => bare(profile.basePath));

  test("NAV-8 leads the bare base path to a page the worker controls", RECOMMENDED, async ({ controlledPage: page, profile }) => {
    const path = bare(profile.basePath);
    await page.goto(path);
    expect(new URL(page.url()).pathname.startsWith(profile.worker.scope), `${path} led to ${page.url()}, outside the scope ${profile.worker.scope}`).toBe(true);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { message: `a worker controls ${page.url()}` }).toBe(true);
  });

  test("NAV-8 keeps the query on the way from the bare base path", RECOMMENDED, async ({ page, profile }) => {
    const path = bare(profile.basePath);
    await page.goto(`${path}?from=bookmark&x=%20y`);
    const landed = new URL(page.url());
    expect(landed.pathname.startsWith(profile.worker.scope), `${path}?… led to ${page.url()}, outside the scope ${profile.worker.scope}`).toBe(true);
    expect(landed.search, `the query after ${path}?from=bookmark&x=%20y led to ${page.url()}`).toBe("?from=bookmark&x=%20y");
  });

  test("NAV-8 redirects the bare base path permanently (301 or 308), keeping the query", RECOMMENDED, async ({ page, profile }) => {
    const path = bare(profile.basePath);
    const asked = `${path}?from=bookmark`;
    const response = await page.goto(asked);
    let first = response?.request();
    while (first?.redirectedFrom()) first = first.redirectedFrom() ?? undefined;
    const hop = await first?.response();
    // Only a permanent redirect is one the browser may keep and replay offline for a bookmark of the bare path.
    expect([301, 308], `the status of ${asked} (${hop?.status()})`).toContain(hop?.status());
    const location = hop?.headers().location;
    expect(location && new URL(location, hop?.url()).search, `the query in ${asked}'s Location (${location})`).toBe("?from=bookmark");
  });

  test("NAV-8 opens the bare base path offline after one online visit", RECOMMENDED, async ({ controlledPage: page, mock, profile }) => {
    const context = page.context();
    const path = bare(profile.basePath);
    // Online first: whatever the app answers for the bare path, the browser may keep it.
    await page.goto(path);
    await holdOffline(page, context, mock);
    const outcome = await navigate(page, path);
    expect(outcome.error, `${path} offline`).toBeNull();
    expect(outcome.fromServiceWorker, `${path} offline: ${outcome.summary}`).toBe(true);
  });

  test("NAV-8 never stores the bare base path's redirect in Cache Storage", RECOMMENDED, async ({ controlledPage: page, profile, baseURL }) => {
    const path = bare(profile.basePath);
    await page.goto(path);
    await page.goto(`${path}?again=1`);
    const stored = (await cachedUrls(page)).filter((url) => new URL(url).pathname === path);
    expect(stored, `entries stored under ${baseURL}${path}`).toEqual([]);
  });
});
