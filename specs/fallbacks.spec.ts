import type { Page } from "@playwright/test";
import type { Profile } from "../cli/profile/profileSchema.ts";
import { type AppDriver, appDriver } from "./checks/appDriver.ts";
import { expectNotBlank } from "./checks/blankPage.ts";
import { cachedEntries } from "./checks/browserState.ts";
import { throwWhileLoading } from "./checks/clientError.ts";
import { dataFaultsApply } from "./checks/dataRequests.ts";
import { expectFailureSent, FAILURE_CACHE_CONTROLS, FAILURE_STATUSES, failureFault } from "./checks/failureFault.ts";
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
} from "./checks/fallbackPages.ts";
import { faultMet, faultOnNavigationMeetable } from "./checks/faultMet.ts";
import { documentFailing } from "./checks/faultTargets.ts";
import { visitHeld } from "./checks/heldPage.ts";
import { linksHome } from "./checks/links.ts";
import { navigate } from "./checks/navigation.ts";
import { unknownPath } from "./checks/notFoundPage.ts";
import { holdOffline } from "./checks/offline.ts";
import { cameWithin, needs, precondition, RECOMMENDED } from "./harness/applicability.ts";
import { checkProfileFirst, expect, test } from "./harness/fixtures.ts";

for (const { clause, status, key } of FALLBACKS) {
  test.describe(`${clause} ${status} fallback`, () => {
    checkProfileFirst((profile) => key !== "notFound" && fallbackOf(profile, key, status));

    test(`${clause} shows the ${status} page when the document answers ${status}`, async ({ controlledPage: page, mock, app, profile }) => {
      const own = key === "notFound" ? unknownPath(profile) : fallbackOf(profile, key, status).path;
      const { path, faultId } = await documentFailing(profile, mock, own, status, app.pageOrAnother(1).path);
      const response = await page.goto(path);
      if (faultId) await faultMet(mock, faultId, `the document's ${status}`);
      expect(response?.status(), `the status of ${path}`).toBe(status);
      const fallback = profile.fallbacks[key];
      expect(fallback?.text, `the app's ${status} page (fallbacks.${key}; without one the app has none)`).toBeDefined();
      if (fallback) await expect(app.textHolder(page, fallback)).toContainText(fallback.text, { useInnerText: true });
    });

    test(`${clause} the ${status} page links back home`, RECOMMENDED, async ({ page, mock, app, profile, baseURL }) => {
      if (key === "notFound" && !profile.fallbacks.notFound) await noNotFoundPage(page, profile);
      const fallback = fallbackOf(profile, key, status);
      const { path } = await documentFailing(profile, mock, fallback.path, status, app.pageOrAnother(1).path);
      await page.goto(path);
      await precondition(`the ${status} page shows (${clause}'s required rule)`, () =>
        expect(app.textHolder(page, fallback)).toContainText(fallback.text, { useInnerText: true }),
      );
      expect(await linksHome(page, profile, baseURL), `links to ${profile.home} on the ${status} page`).not.toEqual([]);
    });

    test.describe(() => {
      checkProfileFirst(dataFaultsApply);

      test(`${clause} shows the ${status} page when a client-side navigation's data answers ${status}`, async ({
        controlledPage: page,
        mock,
        app,
        profile,
      }) => {
        const target = app.pageOrAnother(1);
        await mock.addFault({ path: target.path, status, representation: "data" });
        await app.navigateClientSide(page, target, { renders: false });
        const fallback = profile.fallbacks[key];
        expect(fallback?.text, `the app's ${status} page (fallbacks.${key}; without one the app has none)`).toBeDefined();
        if (fallback) await expect(app.textHolder(page, fallback)).toContainText(fallback.text, { useInnerText: true });
        await expect(page).toHaveURL(target.path);
      });

      test(`${clause} keeps the app's navigation after a ${status} data answer`, RECOMMENDED, async ({ controlledPage: page, mock, app, profile }) => {
        // Without a 404 page the frame is still judged: what the app shows in its place must keep it.
        const fallback = key === "notFound" ? profile.fallbacks.notFound : fallbackOf(profile, key, status);
        const target = app.pageOrAnother(1);
        await mock.addFault({ path: target.path, status, representation: "data" });
        await app.navigateClientSide(page, target, { renders: false });
        if (fallback) {
          await precondition(`the ${status} page shows (${clause}'s required rule)`, () =>
            expect(app.textHolder(page, fallback)).toContainText(fallback.text, { useInnerText: true }),
          );
        }
        await expect(page.getByRole("navigation").first()).toBeVisible();
      });
    });
  });
}

/**
 * ERR-1 recommended on an app with no 404 page (its profile names none): no page can link back home
 * after a 404, so the rule fails; the failure says what the app showed instead, and how to tell the
 * kit if that is a 404 page after all.
 */
async function noNotFoundPage(page: Page, profile: Profile): Promise<void> {
  const path = unknownPath(profile);
  const response = await page.goto(path);
  const heading = (
    (await page
      .getByRole("heading", { level: 1 })
      .first()
      .textContent({ timeout: 1_000 })
      .catch(() => null)) ?? ""
  ).trim();
  const shown = `status ${response?.status() ?? "none"}${heading ? `, heading "${heading}"` : ", no heading"}`;
  expect(
    profile.fallbacks.notFound,
    `the app has no 404 page of its own to link back home (its profile names none: fallbacks.notFound); ${path} showed ${shown}. If that is the app's 404 page, name its text in fallbacks.notFound`,
  ).toBeDefined();
}

test("ERR-1 shows the 404 page for an unknown route inside the base path", async ({ controlledPage: page, app, profile }) => {
  const path = unknownPath(profile);
  const response = await page.goto(path);
  expect(response?.status(), `the status of ${path}`).toBe(404);
  const notFound = profile.fallbacks.notFound;
  expect(notFound?.text, "the app's 404 page (fallbacks.notFound; without one the app has none)").toBeDefined();
  if (notFound) await expect(app.textHolder(page, notFound)).toContainText(notFound.text, { useInnerText: true });
});

/** The digest the page shows: the whole text of the profile's element, or a pattern's capture group. */
async function shownDigest(page: Page, digest: ReturnType<typeof serverErrorOf>["digest"]): Promise<string | null> {
  const holder = page.locator(digest.selector ?? "body").first();
  // Rendered text, not textContent: a Next.js page also carries the digest in its inline scripts' data.
  // biome-ignore lint/performance/useDomNodeTextContent: only the rendered text counts.
  return digestIn((await holder.count()) > 0 ? await holder.innerText() : "", digest);
}

test.describe("ERR-4 server-side exception", () => {
  checkProfileFirst(serverErrorOf);

  test("ERR-4 shows the application-error page with the digest the server journaled", async ({ page, mock, app, profile }) => {
    const { serverError, digest } = serverErrorOf(profile);
    const { path, faultId } = await documentFailing(profile, mock, serverError.path, 500, app.page(0).path);
    const response = await page.goto(path);
    expect(response?.status(), `the status of ${path}`).toBe(500);
    await expect(app.textHolder(page, serverError)).toContainText(serverError.text, { useInnerText: true });
    await expectDigestJournaled(await shownDigest(page, digest), digest.pattern ?? digest.selector ?? "body", mock, faultId);
  });

  test.describe(() => {
    checkProfileFirst(twoDigestsDrivable);

    test("ERR-4 shows two requests a 500 fault answers two digests, each journaled once", async ({ page, mock, app, profile }) => {
      const { serverError, digest } = serverErrorOf(profile);
      const target = app.pageOrAnother(1).path;
      const fault = await mock.addFault({ path: target, status: 500, representation: "document" });
      const view: ErrorPageView = {
        open: async (how) => void (how === "goto" ? await page.goto(target) : await page.reload()),
        shown: () => expect(app.textHolder(page, serverError)).toContainText(serverError.text),
        digest: () => shownDigest(page, digest),
      };
      await expectTwoDigests(view, mock, fault.id);
    });
  });

  test.describe(() => {
    checkProfileFirst(dataServerErrorDrivable);

    test("ERR-4 shows the digest when a client-side navigation's data answers 500", async ({ controlledPage: page, mock, app, profile }) => {
      const { serverError, digest } = serverErrorOf(profile);
      const target = app.pageOrAnother(2);
      const fault = await mock.addFault({ path: target.path, status: 500, representation: "data" });
      await app.navigateClientSide(page, target, { renders: false });
      await expect(app.textHolder(page, serverError)).toContainText(serverError.text, { useInnerText: true });
      const shown = await shownDigest(page, digest);
      await expect.poll(async () => (await mock.journal()).find((entry) => entry.fault === fault.id)?.digest).toBe(shown);
    });
  });
});

/**
 * The application-error page, or not checked: without its text the kit cannot recognise it, however
 * it makes the app throw (a white page it fails without: contentText).
 */
/**
 * Whether the app's navigation shows beside its application-error page, judged on the page as the
 * error left it: an error boundary renders its fallback and keeps the frame around it in one render
 * (or replaces the frame, as a root-level error page does), so once the error text shows and two
 * animation frames have passed, what shows is what stays. Not a 5 s wait for a frame that is gone.
 */
async function navigationBesideError(page: Page): Promise<boolean> {
  await page.evaluate(() => new Promise((settled) => requestAnimationFrame(() => requestAnimationFrame(settled))));
  return page.getByRole("navigation").first().isVisible();
}

/** The application-error page, before ERR-5's recommended rule is judged beside it (errorPageShownFirst). */
const errorPageShown = (page: Page, app: AppDriver, clientError: { text: string; selector?: string | undefined }) =>
  errorPageShownFirst(clientError, () => expect(app.textHolder(page, clientError)).toContainText(clientError.text, { useInnerText: true }));

test.describe("ERR-5 client-side exception", () => {
  test.describe(() => {
    // No profile field is needed to fail a white page: only to recognise the error page that is not one.
    test("ERR-5 shows the application-error page for an exception while loading, without a digest", async ({ page, mock, app, profile }) => {
      await throwWhileLoading(page, mock, profile);
      await expectNotBlank(page, "a white page shows none");
      const clientError = clientErrorOf(profile);
      await expect(app.textHolder(page, clientError)).toContainText(clientError.text, { useInnerText: true });
      const digest = profile.fallbacks.serverError?.digest;
      if (digest) expect(await shownDigest(page, digest), "a digest on the client-side error page").toBeNull();
    });

    test("ERR-5 keeps the app's frame and navigation after an exception while loading", RECOMMENDED, async ({ page, mock, app, profile }) => {
      await throwWhileLoading(page, mock, profile);
      // A white page has gone blank, which the rule forbids in its first words: failed with no
      // profile field. Any other page needs the error page's text to be told from it.
      await expectNotBlank(page, "the app went blank");
      const clientError = clientErrorOf(profile);
      await errorPageShown(page, app, clientError);
      expect(await navigationBesideError(page), "the app's navigation beside the application-error page").toBe(true);
    });
  });

  test.describe(() => {
    checkProfileFirst(throwingButton);

    test("ERR-5 shows the application-error page for an exception from an event", async ({ page, app, profile }) => {
      const clientError = clientErrorOf(profile);
      const trigger = throwingButton(profile);
      await page.goto(trigger.path);
      await page.getByRole("button", { name: trigger.name }).click();
      await expect(app.textHolder(page, clientError)).toContainText(clientError.text, { useInnerText: true });
    });

    test("ERR-5 keeps the app usable after an exception from an event", RECOMMENDED, async ({ page, app, profile }) => {
      const clientError = clientErrorOf(profile);
      const trigger = throwingButton(profile);
      await page.goto(trigger.path);
      await page.getByRole("button", { name: trigger.name }).click();
      await errorPageShown(page, app, clientError);
      expect(await navigationBesideError(page), "the app's navigation beside the application-error page").toBe(true);
      await app.navigateClientSide(page, app.page(0));
      await expect(app.heading(page, app.page(0))).toHaveText(app.page(0).heading);
    });
  });
});

const FALLBACK_KEY = { 404: "notFound", 403: "forbidden", 401: "unauthorized", 500: "serverError" } as const;

/**
 * ERR-6 asks one thing: was the failure served from a cache? Offline, the worker may answer with its
 * offline page, a good copy, or nothing (no offline page: NAV-6's subject, not this clause's). Only a
 * stored failure, or the failure replayed, fails it.
 */
async function expectNoCachedFailure(page: Page, url: string, status: number, failureText: string | undefined): Promise<void> {
  const stored = (await cachedEntries(page, url)).filter((entry) => (entry.status ?? 0) >= 400);
  expect(
    stored.map((entry) => `${entry.cacheName}: ${entry.status}`),
    `failed responses stored under ${url}`,
  ).toEqual([]);
  const outcome = await navigate(page, url);
  if (outcome.error !== null) return;
  expect(outcome.fromServiceWorker && outcome.status === status, `the offline navigation replayed the ${status}: ${outcome.summary}`).toBe(false);
  if (failureText && outcome.fromServiceWorker) await expect(page.locator("body")).not.toContainText(failureText, { useInnerText: true });
}

test.describe("ERR-6 failures are never cached or replayed", () => {
  test.describe(() => {
    checkProfileFirst((profile, facts) => faultOnNavigationMeetable(facts, appDriver(profile).pageOrAnother(2).path, "first"));
    for (const status of FAILURE_STATUSES) {
      for (const how of FAILURE_CACHE_CONTROLS) {
        test(
          `ERR-6 does not serve a cached ${status} for a document that failed, sent ${how.sent}`,
          RECOMMENDED,
          async ({ controlledPage: page, mock, app, baseURL }) => {
            const context = page.context();
            const target = app.pageOrAnother(2);
            const fault = await mock.addFault(failureFault(target.path, status, "document", how));
            const response = await page.goto(target.path);
            await faultMet(mock, fault.id, `the document's ${status}`);
            await precondition(`the mock server answers ${status} ${how.sent}`, async () => {
              expect(response?.status()).toBe(status);
              await expectFailureSent(mock, fault.id, status, how);
            });
            await holdOffline(page, context, mock);
            await expectNoCachedFailure(page, `${baseURL}${target.path}`, status, undefined);
          },
        );
      }
    }
  });

  test.describe(() => {
    checkProfileFirst(dataFaultsApply);
    for (const status of FAILURE_STATUSES) {
      for (const how of FAILURE_CACHE_CONTROLS) {
        test(`ERR-6 does not replay a ${status} data response offline, sent ${how.sent}`, RECOMMENDED, async ({ controlledPage: page, mock, app, profile }) => {
          const context = page.context();
          const target = app.pageOrAnother(2, app.page(0));
          const failure = profile.fallbacks[FALLBACK_KEY[status]]?.text;
          const fault = await mock.addFault(failureFault(target.path, status, "data", how));
          await app.navigateClientSide(page, target, { renders: false });
          await precondition(`the mock server answers the data request ${status} ${how.sent}`, () => expectFailureSent(mock, fault.id, status, how));
          if (failure)
            await precondition(`the ${status} page shows (ERR-1..4)`, () => expect(page.locator("body")).toContainText(failure, { useInnerText: true }));
          await precondition("the app navigates client-side (NAV-1)", async () => {
            await app.navigateClientSide(page, app.page(0));
            await expect(app.heading(page, app.page(0))).toHaveText(app.page(0).heading);
          });
          await holdOffline(page, context, mock);
          await app.navigateClientSide(page, target, { renders: false });
          if (failure) await expect(page.locator("body"), "the page offline").not.toContainText(failure, { useInnerText: true });
        });
      }
    }
  });

  for (const [key, why] of [
    ["redirect", "a redirected"],
    ["noStore", "a no-store"],
  ] as const) {
    const pathOf = (profile: Profile) => needs(profile.uncacheable[key], `${why} page (uncacheable.${key})`);
    test.describe(() => {
      checkProfileFirst(pathOf);
      test(`ERR-6 does not serve ${why} response from the cache offline`, RECOMMENDED, async ({ controlledPage: page, mock, profile, baseURL }) => {
        const context = page.context();
        const path = pathOf(profile);
        await page.goto(path);
        await holdOffline(page, context, mock);
        const url = `${baseURL}${path}`;
        expect(await cachedEntries(page, url).then((entries) => entries.map((e) => e.cacheName)), `entries stored under ${path}`).toEqual([]);
        const outcome = await navigate(page, path);
        // Answered offline, it can only be the offline page (nothing was stored).
        if (outcome.fromServiceWorker && profile.offline)
          await expect(page.locator("body"), "the page offline").toContainText(profile.offline.text, { useInnerText: true });
      });
    });
  }

  test("ERR-6 forgets a cached page once the server answers 403 for it", RECOMMENDED, async ({ controlledPage: page, mock, app, baseURL }) => {
    const context = page.context();
    const target = app.page(0);
    await visitHeld(page, mock, target.path, baseURL);
    await app.confirmShown(page, target);
    const fault = await mock.addFault({ path: target.path, status: 403, representation: "document" });
    const online = await navigate(page, target.path);
    // A worker that answers from its cache without asking never learns of the 403: the page whose
    // access was revoked stays readable, the very failure this test is for.
    const asked = (await mock.faults()).find((f) => f.id === fault.id)?.hits ?? 0;
    expect(online.status, `the page online once the server answers 403 for it (${online.summary}; the server was asked ${asked} time(s))`).toBe(403);
    await holdOffline(page, context, mock);
    const outcome = await navigate(page, target.path);
    if (outcome.error !== null) return;
    // Judged on what the loaded answer renders, not by waiting out a window for the page's heading
    // to go: a page served from the cache shows it as soon as it renders, and keeps it.
    const heading = app.heading(page, target);
    if (!(await cameWithin("the answer offline renders its heading", () => expect(heading).toHaveText(/\S/)))) return;
    // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator's rendered text, what a person sees, not the DOM property.
    const shown = (await heading.innerText()).replace(/\s+/g, " ").trim();
    expect(shown, `the heading offline (${outcome.summary})`).not.toBe(target.heading);
  });
});
