/**
 * NAV-7 in Firefox and WebKit: the page first arrived on, loaded before any worker existed, is stored
 * and served offline; what is stored under its URL is its document, never a failed answer. The same
 * rules specs/landing-page.spec.ts judges in Chromium, read from Cache Storage in the page. Offline is
 * the mock server's switch (offline.spec.ts says why). Chromium's test opens the landing page again in
 * a new tab of the same context; an engine page is a private context of its own, which a new one would
 * not share (no worker there), so the landing page is opened again in the same tab: a new navigation
 * the worker answers as it would a new tab's.
 */
import type { AppFacts } from "../../kit/appFacts.ts";
import type { EnginePage } from "../../kit/engines/engine.ts";
import { cachedEntriesInPage } from "../checks/browserState.ts";
import { unknownPath } from "../checks/notFoundPage.ts";
import { serverOffline } from "../checks/offline.ts";
import { precondition, RECOMMENDED } from "../harness/applicability.ts";
import { controlTimeout, refuseWithoutControl } from "../harness/control.ts";
import { expect, test } from "../harness/engineFixtures.ts";
import { cachedUrlsIn, headingOf, landOn } from "./enginePages.ts";

/**
 * Resolves once the page's registration has an activated worker: its `activate` work (the landing
 * page's storing, for the reference) is over. Never a reload, as in Chromium: NAV-7's subject is the
 * page of the first visit, which a worker that does not claim it never sees.
 */
function activatedWorker(page: EnginePage, facts: AppFacts): Promise<void> {
  return precondition("the app's service worker is activated (REG-2)", async () => {
    refuseWithoutControl(facts);
    const state = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null, null);
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
    const outcome = await landOn(enginePage, url);
    expect(outcome.controlled, `the landing page offline: ${outcome.summary}`).toBe(true);
    await expect.poll(() => headingOf(enginePage, landing), { message: `the heading of ${landing.path}` }).toBe(landing.heading);
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
});
