/**
 * The failure pages in Firefox and WebKit (ERR-1..6), the same rules specs/fallbacks.spec.ts judges
 * in Chromium. ERR-1..3's document loads run on a page the app's worker controls, as a returning
 * visitor's is; their status is the rule's core (an app shell answering 200 hides a broken link), so
 * where the engine gives no navigation's status (WebKitGTK) they are not checked, saying why, rather
 * than judged on the text alone. A client-side navigation whose data answers with the status is
 * judged in every engine: what the page shows; so is the recommended rule (the page links home, the
 * app's navigation stays after a failed data answer). ERR-4's core is the digest the server journaled,
 * which every engine shows: its status is read where the engine gives it. ERR-5's exceptions come
 * from the app's own code (specs/engines/engineExceptions.ts), each confirmed before a verdict.
 * ERR-6's core is Cache Storage, read alike in every engine; a replayed status is read where given.
 */
import type { EnginePage } from "../../kit/engines/engine.ts";
import { appDriver } from "../checks/appDriver.ts";
import { cachedEntriesInPage } from "../checks/browserState.ts";
import { dataFaultsApply } from "../checks/dataRequests.ts";
import { expectFailureSent, FAILURE_CACHE_CONTROLS, FAILURE_STATUSES, failureFault } from "../checks/failureFault.ts";
import {
  clientErrorOf,
  dataServerErrorDrivable,
  digestIn,
  type ErrorPageView,
  errorPageShownFirst,
  expectDigestJournaled,
  expectTwoDigests,
  FALLBACKS,
  fallbackOf,
  serverErrorOf,
  throwingButton,
  twoDigestsDrivable,
} from "../checks/fallbackPages.ts";
import { faultMet, faultOnNavigationMeetable } from "../checks/faultMet.ts";
import { documentFailing } from "../checks/faultTargets.ts";
import { isHomeLink } from "../checks/links.ts";
import { unknownPath } from "../checks/notFoundPage.ts";
import { serverOffline } from "../checks/offline.ts";
import { notChecked, precondition, RECOMMENDED } from "../harness/applicability.ts";
import { expect, test } from "../harness/engineFixtures.ts";
import { checkProfileFirst } from "../harness/fixtures.ts";
import { clickToThrow, contentTextIn, expectErrorPage, navigationShownIn, whileLoadingThrows } from "./engineExceptions.ts";
import { clientNavigate, engineControl, headingOf, landOn, NO_STATUS, shownText, statusReadable } from "./enginePages.ts";

const needsStatus = (engine: { engine: string; capabilities: { navigationStatus: boolean } }) => {
  if (!engine.capabilities.navigationStatus) notChecked(`${engine.engine}: ${NO_STATUS}`);
};

for (const { clause, status, key } of FALLBACKS) {
  test.describe(`${clause} ${status} fallback`, () => {
    checkProfileFirst((profile) => key !== "notFound" && fallbackOf(profile, key, status));

    test(`${clause} shows the ${status} page when the document answers ${status}`, async ({ enginePage, engineOf, engineServer, app, profile, facts }) => {
      needsStatus(engineOf);
      await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
      const own = key === "notFound" ? unknownPath(profile) : fallbackOf(profile, key, status).path;
      const { path, faultId } = await documentFailing(profile, engineServer, own, status, app.pageOrAnother(1).path);
      const outcome = await landOn(enginePage, `${engineServer.origin}${path}`);
      if (faultId) await faultMet(engineServer, faultId, `the document's ${status}`);
      expect(outcome.status, `the status of ${path}: ${outcome.summary}`).toBe(status);
      const fallback = profile.fallbacks[key];
      expect(fallback?.text, `the app's ${status} page (fallbacks.${key}; without one the app has none)`).toBeDefined();
      if (fallback) await expect.poll(() => shownText(enginePage, fallback.selector), { message: `what ${path} shows` }).toContain(fallback.text);
    });

    // What the page offers, not its status: every engine.
    test(`${clause} the ${status} page links back home`, RECOMMENDED, async ({ enginePage, engineServer, app, profile }) => {
      const fallback = fallbackOf(profile, key, status);
      const { path } = await documentFailing(profile, engineServer, fallback.path, status, app.pageOrAnother(1).path);
      await landOn(enginePage, `${engineServer.origin}${path}`);
      await precondition(`the ${status} page shows (${clause}'s required rule)`, () =>
        expect.poll(() => shownText(enginePage, fallback.selector), { message: `what ${path} shows` }).toContain(fallback.text),
      );
      const hrefs = await enginePage.evaluate(() => [...document.querySelectorAll<HTMLAnchorElement>("a[href]")].map((link) => link.href), null);
      expect(
        hrefs.filter((href) => isHomeLink(href, profile, engineServer.origin)),
        `links to ${profile.home} on the ${status} page`,
      ).not.toEqual([]);
    });

    test.describe(() => {
      checkProfileFirst(dataFaultsApply);
      // What the app shows when a client-side navigation's data answers with the status: no document status to read, any engine.
      test(`${clause} shows the ${status} page when a client-side navigation's data answers ${status}`, async ({
        enginePage,
        engineServer,
        app,
        profile,
        facts,
      }) => {
        const target = app.pageOrAnother(1);
        await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
        await engineServer.addFault({ path: target.path, status, representation: "data" });
        await clientNavigate(enginePage, profile, target);
        const fallback = profile.fallbacks[key];
        expect(fallback?.text, `the app's ${status} page (fallbacks.${key}; without one the app has none)`).toBeDefined();
        if (fallback)
          await expect
            .poll(() => shownText(enginePage, fallback.selector), { message: `what ${target.path} shows after its data answered ${status}` })
            .toContain(fallback.text);
      });

      test(`${clause} keeps the app's navigation after a ${status} data answer`, RECOMMENDED, async ({ enginePage, engineServer, app, profile, facts }) => {
        // Without a 404 page the frame is still judged: what the app shows in its place must keep it.
        const fallback = key === "notFound" ? profile.fallbacks.notFound : fallbackOf(profile, key, status);
        const target = app.pageOrAnother(1);
        await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
        await engineServer.addFault({ path: target.path, status, representation: "data" });
        await clientNavigate(enginePage, profile, target);
        if (fallback)
          await precondition(`the ${status} page shows (${clause}'s required rule)`, () =>
            expect.poll(() => shownText(enginePage, fallback.selector), { message: `what ${target.path} shows` }).toContain(fallback.text),
          );
        expect(await navigationShownIn(enginePage), `the app's navigation after a ${status} data answer`).toBe(true);
      });
    });
  });
}

test("ERR-1 shows the 404 page for an unknown route inside the base path", async ({ enginePage, engineOf, engineServer, profile, facts }) => {
  needsStatus(engineOf);
  await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
  const path = unknownPath(profile);
  const outcome = await landOn(enginePage, `${engineServer.origin}${path}`);
  expect(outcome.status, `the status of ${path}: ${outcome.summary}`).toBe(404);
  const notFound = profile.fallbacks.notFound;
  expect(notFound?.text, "the app's 404 page (fallbacks.notFound; without one the app has none)").toBeDefined();
  if (notFound) await expect.poll(() => shownText(enginePage, notFound.selector), { message: `what ${path} shows` }).toContain(notFound.text);
});

/** The digest the page shows, in the profile's element: its rendered text, as Chromium's specs read it. */
async function shownDigest(page: EnginePage, digest: ReturnType<typeof serverErrorOf>["digest"]): Promise<string | null> {
  return digestIn(await shownText(page, digest.selector), digest);
}

test.describe("ERR-4 server-side exception", () => {
  checkProfileFirst(serverErrorOf);

  // The digest against the server's journal is the rule's core, which any engine shows: the status is read where the engine gives it.
  test("ERR-4 shows the application-error page with the digest the server journaled", async ({ enginePage, engineOf, engineServer, app, profile }) => {
    const { serverError, digest } = serverErrorOf(profile);
    const { path, faultId } = await documentFailing(profile, engineServer, serverError.path, 500, app.page(0).path);
    const outcome = await landOn(enginePage, `${engineServer.origin}${path}`);
    if (statusReadable(engineOf, `the status of ${path}`)) expect(outcome.status, `the status of ${path}: ${outcome.summary}`).toBe(500);
    await expect.poll(() => shownText(enginePage, serverError.selector), { message: `what ${path} shows` }).toContain(serverError.text);
    await expectDigestJournaled(await shownDigest(enginePage, digest), digest.pattern ?? digest.selector ?? "body", engineServer, faultId);
  });

  test.describe(() => {
    checkProfileFirst(twoDigestsDrivable);

    test("ERR-4 shows two requests a 500 fault answers two digests, each journaled once", async ({ enginePage, engineServer, app, profile }) => {
      const { serverError, digest } = serverErrorOf(profile);
      const target = app.pageOrAnother(1).path;
      const fault = await engineServer.addFault({ path: target, status: 500, representation: "document" });
      const view: ErrorPageView = {
        open: (how) => (how === "goto" ? enginePage.goto(`${engineServer.origin}${target}`) : enginePage.reload()),
        shown: () => expect.poll(() => shownText(enginePage, serverError.selector)).toContain(serverError.text),
        digest: () => shownDigest(enginePage, digest),
      };
      await expectTwoDigests(view, engineServer, fault.id);
    });
  });

  test.describe(() => {
    checkProfileFirst(dataServerErrorDrivable);

    test("ERR-4 shows the digest when a client-side navigation's data answers 500", async ({ enginePage, engineServer, app, profile, facts }) => {
      const { serverError, digest } = serverErrorOf(profile);
      const target = app.pageOrAnother(2);
      await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
      const fault = await engineServer.addFault({ path: target.path, status: 500, representation: "data" });
      await clientNavigate(enginePage, profile, target);
      await expect
        .poll(() => shownText(enginePage, serverError.selector), { message: `what ${target.path} shows after its data answered 500` })
        .toContain(serverError.text);
      const shown = await shownDigest(enginePage, digest);
      await expect.poll(async () => (await engineServer.journal()).find((entry) => entry.fault === fault.id)?.digest).toBe(shown);
    });
  });
});

/** The application-error page, before ERR-5's recommended rule is judged beside it (errorPageShownFirst). */
const errorPageShown = (page: EnginePage, clientError: { readonly text: string; readonly selector?: string | undefined }) =>
  errorPageShownFirst(clientError, () => expect.poll(() => shownText(page, clientError.selector)).toContain(clientError.text));

const blank = (page: EnginePage, why: string) =>
  expect.poll(() => contentTextIn(page), { message: `the text of the page's main landmark (or body) after the exception: ${why}` }).not.toBe("");

test.describe("ERR-5 client-side exception", () => {
  test("ERR-5 shows the application-error page for an exception while loading, without a digest", async ({ engineOf, engineServer, profile }) => {
    await whileLoadingThrows(engineOf, engineServer.origin, profile, async (page) => {
      await blank(page, "a white page shows none");
      const clientError = clientErrorOf(profile);
      await expect.poll(() => shownText(page, clientError.selector), { message: "the application-error page's text" }).toContain(clientError.text);
      const digest = profile.fallbacks.serverError?.digest;
      if (digest) expect(await shownDigest(page, digest), "a digest on the client-side error page").toBeNull();
    });
  });

  test("ERR-5 keeps the app's frame and navigation after an exception while loading", RECOMMENDED, async ({ engineOf, engineServer, profile }) => {
    await whileLoadingThrows(engineOf, engineServer.origin, profile, async (page) => {
      await blank(page, "the app went blank");
      await errorPageShown(page, clientErrorOf(profile));
      expect(await navigationShownIn(page), "the app's navigation beside the application-error page").toBe(true);
    });
  });

  test.describe(() => {
    checkProfileFirst(throwingButton);

    test("ERR-5 shows the application-error page for an exception from an event", async ({ enginePage, engineServer, profile }) => {
      const trigger = throwingButton(profile);
      await clickToThrow(enginePage, engineServer.origin, trigger);
      await expectErrorPage(enginePage, clientErrorOf(profile), `an exception from the click on "${trigger.name}"`);
    });

    test("ERR-5 keeps the app usable after an exception from an event", RECOMMENDED, async ({ enginePage, engineServer, app, profile }) => {
      await clickToThrow(enginePage, engineServer.origin, throwingButton(profile));
      await errorPageShown(enginePage, clientErrorOf(profile));
      expect(await navigationShownIn(enginePage), "the app's navigation beside the application-error page").toBe(true);
      const home = app.page(0);
      await clientNavigate(enginePage, profile, home);
      await expect.poll(() => headingOf(enginePage, home), { message: `the heading of ${home.path}` }).toBe(home.heading);
    });
  });
});

/**
 * ERR-6 asks one thing, as in Chromium: was the failure served from a cache? Offline, the worker may
 * answer with its offline page, a good copy or nothing; only a stored failure, or the failure
 * replayed (its status, where the engine gives it), fails it.
 */
test.describe("ERR-6 failures are never cached or replayed", () => {
  checkProfileFirst((profile, facts) => faultOnNavigationMeetable(facts, appDriver(profile).pageOrAnother(2).path, "first"));
  for (const status of FAILURE_STATUSES) {
    // The failure as most servers send it. Chromium's specs also try each with no-store, which a
    // status-blind worker honouring no-store would pass; what a worker stores is the same in every
    // engine's Cache Storage, so the engines spend their time on the variant that catches it.
    for (const how of FAILURE_CACHE_CONTROLS.filter((variant) => variant.cacheControl === null)) {
      test(
        `ERR-6 does not serve a cached ${status} for a document that failed, sent ${how.sent}`,
        RECOMMENDED,
        async ({ enginePage, engineOf, engineServer, app, profile, facts }) => {
          const target = app.pageOrAnother(2);
          const url = `${engineServer.origin}${target.path}`;
          await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
          const fault = await engineServer.addFault(failureFault(target.path, status, "document", how));
          await enginePage.goto(url);
          await faultMet(engineServer, fault.id, `the document's ${status}`);
          await precondition(`the mock server answers ${status} ${how.sent}`, () => expectFailureSent(engineServer, fault.id, status, how));
          await serverOffline(engineServer);
          const stored = (await enginePage.evaluate(cachedEntriesInPage, url)).filter((entry) => (entry.status ?? 0) >= 400);
          expect(
            stored.map((entry) => `${entry.cacheName}: ${entry.status}`),
            `failed responses stored under ${url}`,
          ).toEqual([]);
          const outcome = await landOn(enginePage, url);
          if (outcome.error === null && statusReadable(engineOf, `the status of ${target.path} offline`))
            expect(outcome.controlled && outcome.status === status, `the offline navigation replayed the ${status}: ${outcome.summary}`).toBe(false);
        },
      );
    }
  }
});
