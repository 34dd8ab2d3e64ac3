import { expect, test } from "./fixtures.ts";
import { needs } from "./support/applicability.ts";
import { documentFailing, jsonDataAccept } from "./support/faultTargets.ts";
import { holdOffline } from "./support/offline.ts";

const FALLBACKS = [
  { clause: "ERR-1", status: 404, key: "notFound" },
  { clause: "ERR-2", status: 403, key: "forbidden" },
  { clause: "ERR-3", status: 401, key: "unauthorized" },
] as const;

for (const { clause, status, key } of FALLBACKS) {
  test.describe(`${clause} ${status} fallback`, () => {
    test(`${clause} shows the ${status} page when the document answers ${status}`, async ({ page, mock, app, profile }) => {
      const fallback = needs(profile.fallbacks[key], `${status} page (fallbacks.${key})`);
      const { path } = await documentFailing(profile, mock, fallback.path, status, app.page(1).path);
      const response = await page.goto(path);
      expect(response?.status()).toBe(status);
      await expect(page.getByRole("main")).toContainText(fallback.text);
      await expect(page.getByRole("main").getByRole("link")).not.toHaveCount(0);
    });

    test(`${clause} shows the ${status} page when a client-side navigation's data answers ${status}`, async ({ controlledPage: page, mock, app, profile }) => {
      jsonDataAccept(profile);
      const fallback = needs(profile.fallbacks[key], `${status} page (fallbacks.${key})`);
      const target = app.page(1);
      await mock.addFault({ path: target.path, status, representation: "data" });
      await app.navigateClientSide(page, target);
      await expect(page.getByRole("main")).toContainText(fallback.text);
      await expect(page).toHaveURL(target.path);
      await expect(page.getByRole("navigation").first()).toBeVisible();
    });
  });
}

test("ERR-1 shows the 404 page for an unknown route inside the base path", async ({ page, profile }) => {
  const response = await page.goto(profile.fallbacks.notFound.path);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("main")).toContainText(profile.fallbacks.notFound.text);
});

test.describe("ERR-4 server-side exception", () => {
  test("ERR-4 shows the application-error page with the digest the server journaled", async ({ page, mock, app, profile }) => {
    const serverError = needs(profile.fallbacks.serverError, "server-error page (fallbacks.serverError)");
    const digestSelector = needs(serverError.digest, "digest selector (fallbacks.serverError.digest)");
    const { path, faultId } = await documentFailing(profile, mock, serverError.path, 500, app.page(0).path);
    const response = await page.goto(path);
    expect(response?.status()).toBe(500);
    await expect(page.getByRole("main")).toContainText(serverError.text);
    const shown = await page.locator(digestSelector).textContent();
    expect(shown).toMatch(/^\S+$/);
    if (faultId) await expect.poll(async () => (await mock.journal()).find((entry) => entry.fault === faultId)?.digest).toBe(shown);
  });

  test("ERR-4 shows the digest when a client-side navigation's data answers 500", async ({ controlledPage: page, mock, app, profile }) => {
    jsonDataAccept(profile);
    const digestSelector = needs(profile.reference ? profile.fallbacks.serverError?.digest : undefined, "digest in data errors (reference app only)");
    const target = app.page(2);
    const fault = await mock.addFault({ path: target.path, status: 500, representation: "data" });
    await app.navigateClientSide(page, target);
    await expect(page.getByRole("main")).toContainText(needs(profile.fallbacks.serverError, "server-error page (fallbacks.serverError)").text);
    const shown = await page.locator(digestSelector).textContent();
    await expect.poll(async () => (await mock.journal()).find((entry) => entry.fault === fault.id)?.digest).toBe(shown);
  });
});

test.describe("ERR-5 client-side exception", () => {
  test("ERR-5 shows the application-error page for an exception while loading, without a digest", async ({ page, profile }) => {
    const clientError = needs(profile.fallbacks.clientError, "client-side exception page (fallbacks.clientError)");
    await page.goto(needs(clientError.path, "path that throws while loading (fallbacks.clientError.path)"));
    await expect(page.getByRole("main")).toContainText(clientError.text);
    const digest = profile.fallbacks.serverError?.digest;
    if (digest) await expect(page.locator(digest)).toHaveCount(0);
    await expect(page.getByRole("navigation").first()).toBeVisible();
  });

  test("ERR-5 shows the application-error page for an exception from an event, and the app stays usable", async ({ page, app, profile }) => {
    const clientError = needs(profile.fallbacks.clientError, "client-side exception page (fallbacks.clientError)");
    const trigger = needs(clientError.trigger, "button that throws (fallbacks.clientError.trigger)");
    await page.goto(needs(clientError.path, "client error path").split("?")[0] ?? "");
    await page.getByRole("button", { name: trigger }).click();
    await expect(page.getByRole("main")).toContainText(clientError.text);
    await app.navigateClientSide(page, app.page(0));
    await expect(app.heading(page)).toHaveText(app.page(0).heading);
  });
});

test.describe("ERR-6 failures are never cached or replayed", () => {
  for (const status of [404, 403, 401, 500] as const) {
    test(`ERR-6 shows the offline page, not a cached ${status}, for a document that failed`, async ({ controlledPage: page, context, mock, app, profile }) => {
      const target = app.page(2);
      await mock.addFault({ path: target.path, status, representation: "document" });
      expect((await page.goto(target.path))?.status()).toBe(status);
      await holdOffline(page, context);
      const offline = await page.goto(target.path);
      expect(offline?.fromServiceWorker()).toBe(true);
      await expect(page.locator("body")).toContainText(profile.offline.text);
    });

    test(`ERR-6 does not replay a ${status} data response offline`, async ({ controlledPage: page, context, mock, app, profile }) => {
      jsonDataAccept(profile);
      const target = app.page(2);
      await mock.addFault({ path: target.path, status, representation: "data" });
      await app.navigateClientSide(page, target);
      const key = status === 500 ? "serverError" : status === 404 ? "notFound" : status === 403 ? "forbidden" : "unauthorized";
      const failure = needs(profile.fallbacks[key], `${status} page (fallbacks.${key})`).text;
      await expect(page.getByRole("main")).toContainText(failure);
      await app.navigateClientSide(page, app.page(0));
      await expect(app.heading(page)).toHaveText(app.page(0).heading);
      await holdOffline(page, context);
      await app.navigateClientSide(page, target);
      await expect(page.getByRole("main")).not.toContainText(failure);
    });
  }

  for (const [key, why] of [
    ["redirect", "a redirected"],
    ["noStore", "a no-store"],
  ] as const) {
    test(`ERR-6 shows the offline page, not ${why} response, offline`, async ({ controlledPage: page, context, profile }) => {
      const path = needs(profile.uncacheable[key], `${why} path (uncacheable.${key})`);
      await page.goto(path);
      await holdOffline(page, context);
      await page.goto(path);
      await expect(page.locator("body")).toContainText(profile.offline.text);
    });
  }

  test("ERR-6 forgets a cached page once the server answers 403 for it", async ({ controlledPage: page, context, mock, app, profile }) => {
    const target = app.page(0);
    await page.goto(target.path);
    await mock.addFault({ path: target.path, status: 403, representation: "document" });
    expect((await page.goto(target.path))?.status()).toBe(403);
    await holdOffline(page, context);
    await page.goto(target.path);
    await expect(page.locator("body")).toContainText(profile.offline.text);
  });
});
