/**
 * The offline answers in Firefox and WebKit (NAV-4, NAV-6), the same rules specs/navigation-caching.spec.ts
 * judges in Chromium. "Offline" is the mock server's network switch alone: it refuses every request
 * of the browser's, the worker's included. No engine's offline emulation is used (Firefox's let the
 * worker's own fetches through), so the browser's `navigator.onLine` stays true and no `online`
 * event ever fires: these clauses are about what the worker answers, not about the online state.
 * With the server refusing, a document that loads under the worker's control is the worker's answer
 * (enginePages.ts's landOn: the engines' navigation entries do not say so themselves).
 */
import { unknownPath } from "../checks/notFoundPage.ts";
import { serverOffline } from "../checks/offline.ts";
import { needs, RECOMMENDED } from "../harness/applicability.ts";
import { expect, test } from "../harness/engineFixtures.ts";
import { checkProfileFirst } from "../harness/fixtures.ts";
import { cachedHtmlWith, engineControl, headingOf, landOn, shownText, statusReadable, visitHeldIn } from "./enginePages.ts";

test.describe("NAV-4 offline navigation to cached pages", () => {
  test("NAV-4 serves a cached page on goto while offline", async ({ enginePage, engineServer, app, profile, facts }) => {
    const target = app.pageOrAnother(1);
    const home = `${engineServer.origin}${profile.home}`;
    await engineControl(enginePage, home, facts);
    await visitHeldIn(enginePage, engineServer.origin, target.path, facts);
    await enginePage.goto(home);
    await serverOffline(engineServer);
    const outcome = await landOn(enginePage, `${engineServer.origin}${target.path}`);
    expect(outcome.controlled, `offline navigation to a page visited online: ${outcome.summary}`).toBe(true);
    await expect.poll(() => headingOf(enginePage, target), { message: `the heading of ${target.path}` }).toBe(target.heading);
  });

  test("NAV-4 serves a cached page on reload while offline", async ({ enginePage, engineServer, app, profile, facts }) => {
    const target = app.page(0);
    await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
    await visitHeldIn(enginePage, engineServer.origin, target.path, facts);
    await serverOffline(engineServer);
    const outcome = await landOn(enginePage, "reload");
    expect(outcome.controlled, `offline reload of a page visited online: ${outcome.summary}`).toBe(true);
    await expect.poll(() => headingOf(enginePage, target), { message: `the heading of ${target.path}` }).toBe(target.heading);
  });
});

test.describe("NAV-6 offline page", () => {
  test("NAV-6 serves the offline page for an uncached URL while offline", RECOMMENDED, async ({ enginePage, engineServer, engineOf, app, profile, facts }) => {
    await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
    await serverOffline(engineServer);
    const outcome = await landOn(enginePage, `${engineServer.origin}${app.pageOrAnother(2).path}`);
    expect(outcome.controlled, `offline navigation to an uncached page: ${outcome.summary}`).toBe(true);
    if (statusReadable(engineOf, "the offline page's status")) expect(outcome.status, "the offline page's status").toBe(200);
    expect(outcome.contentType, "the offline page's content type").toContain("text/html");
    // As in Chromium: an app shell that renders the page asked for keeps the error page away, but is no offline page.
    expect(profile.offline?.text, "the app's offline page (the profile's offline.text; without one, the app has none)").toBeDefined();
    const offline = profile.offline;
    if (offline) await expect.poll(() => shownText(enginePage, offline.selector), { message: "what the page shows" }).toContain(offline.text);
  });

  const offlinePage = (profile: { offline?: { text: string; selector?: string | undefined } | undefined }) =>
    needs(profile.offline, "offline page (offline.text)");
  test.describe(() => {
    checkProfileFirst(offlinePage);
    test("NAV-6 the offline page is the app's own, stored before going offline", RECOMMENDED, async ({ enginePage, engineServer, profile, facts }) => {
      const offline = offlinePage(profile);
      await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
      // Stored at install: an HTML entry of Cache Storage says the offline text before any navigation fails.
      expect(await cachedHtmlWith(enginePage, offline.text), `HTML entries of Cache Storage with '${offline.text}', before going offline`).not.toEqual([]);
    });
  });

  test("NAV-6 offline page is distinct from the 404 page", RECOMMENDED, async ({ enginePage, engineServer, engineOf, app, profile, facts }) => {
    await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
    // Whatever its status (an app-shell worker answers 200, ERR-1's subject): what a person sees there.
    await enginePage.goto(`${engineServer.origin}${unknownPath(profile)}`);
    const notFoundText = await shownText(enginePage);
    await serverOffline(engineServer);
    const outcome = await landOn(enginePage, `${engineServer.origin}${app.pageOrAnother(2).path}`);
    expect(outcome.error, "offline navigation to an uncached page").toBeNull();
    if (statusReadable(engineOf, "the offline page's status")) expect(outcome.status, "the offline page's status").not.toBe(404);
    const offlineText = await shownText(enginePage);
    expect(offlineText, "the offline page's text").not.toBe(notFoundText);
    if (profile.fallbacks.notFound) expect(offlineText, "the offline page's text").not.toContain(profile.fallbacks.notFound.text);
  });
});
