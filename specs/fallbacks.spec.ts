import { APP, expect, test } from "./fixtures.ts";

const FALLBACKS = [
  { clause: "ERR-1", status: 404, heading: "404: Page not found" },
  { clause: "ERR-2", status: 403, heading: "403: Forbidden" },
  { clause: "ERR-3", status: 401, heading: "401: Unauthorized" },
] as const;

for (const { clause, status, heading } of FALLBACKS) {
  test.describe(`${clause} ${status} fallback`, () => {
    test(`${clause} shows the ${status} page when the document answers ${status}`, async ({ page, mock }) => {
      await mock.addFault({ path: `${APP}/pages/2`, status });
      const response = await page.goto(`${APP}/pages/2`);
      expect(response?.status()).toBe(status);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.getByRole("main").getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", `${APP}/`);
    });

    test(`${clause} shows the ${status} page when a client-side navigation's data answers ${status}`, async ({ controlledPage: page, mock }) => {
      await mock.addFault({ path: `${APP}/pages/2`, status, representation: "data" });
      await page.getByRole("link", { name: "Page two" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page).toHaveURL(`${APP}/pages/2`);
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    });
  });
}

test("ERR-1 shows the 404 page for an unknown route inside the base path", async ({ page }) => {
  const response = await page.goto(`${APP}/no/such/page`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404: Page not found");
});

test.describe("ERR-4 server-side exception", () => {
  test("ERR-4 shows the application-error page with the digest the server journaled", async ({ page, mock }) => {
    const fault = await mock.addFault({ path: `${APP}/pages/1`, status: 500 });
    const response = await page.goto(`${APP}/pages/1`);
    expect(response?.status()).toBe(500);
    await expect(page.getByRole("main")).toContainText("Application error: a server-side exception has occurred.");
    const shown = await page.locator("[data-digest]").textContent();
    const journaled = (await mock.journal()).find((entry) => entry.fault === fault.id);
    expect(shown).toMatch(/^\d+$/);
    expect(journaled?.digest).toBe(shown);
  });

  test("ERR-4 shows the digest when a client-side navigation's data answers 500", async ({ controlledPage: page, mock }) => {
    const fault = await mock.addFault({ path: `${APP}/pages/3`, status: 500, representation: "data" });
    await page.getByRole("link", { name: "Page three" }).click();
    await expect(page.getByRole("main")).toContainText("a server-side exception has occurred");
    const shown = await page.locator("[data-digest]").textContent();
    expect((await mock.journal()).find((entry) => entry.fault === fault.id)?.digest).toBe(shown);
  });
});

test.describe("ERR-5 client-side exception", () => {
  test("ERR-5 shows the application-error page for an exception while loading, without a digest", async ({ page }) => {
    await page.goto(`${APP}/crash?when=load`);
    await expect(page.getByRole("main")).toContainText("Application error: a client-side exception has occurred.");
    await expect(page.locator("[data-digest]")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  });

  test("ERR-5 shows the application-error page for an exception from an event, and the app stays usable", async ({ page }) => {
    await page.goto(`${APP}/crash`);
    await page.getByRole("button", { name: "Throw an error" }).click();
    await expect(page.getByRole("main")).toContainText("a client-side exception has occurred");
    await page.getByRole("link", { name: "Page one" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page one");
  });
});

test.describe("ERR-6 failures are never cached or replayed", () => {
  for (const status of [404, 403, 401, 500] as const) {
    test(`ERR-6 shows the offline page, not a cached ${status}, for a document that failed`, async ({ controlledPage: page, context, mock }) => {
      await mock.addFault({ path: `${APP}/pages/3`, status });
      expect((await page.goto(`${APP}/pages/3`))?.status()).toBe(status);
      await context.setOffline(true);
      const offline = await page.goto(`${APP}/pages/3`);
      expect(offline?.fromServiceWorker()).toBe(true);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are offline");
    });

    test(`ERR-6 does not replay a ${status} data response offline`, async ({ controlledPage: page, context, mock }) => {
      await mock.addFault({ path: `${APP}/pages/3`, status, representation: "data" });
      await page.getByRole("link", { name: "Page three" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText(status === 500 ? "Application error" : String(status));
      await page.getByRole("link", { name: "Home", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Home");
      await context.setOffline(true);
      await page.getByRole("link", { name: "Page three" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Can't reach the server");
    });
  }

  for (const [path, why] of [
    ["moved", "a redirected"],
    ["private", "a no-store"],
  ] as const) {
    test(`ERR-6 shows the offline page, not ${why} response, offline`, async ({ controlledPage: page, context }) => {
      await page.goto(`${APP}/${path}`);
      await context.setOffline(true);
      await page.goto(`${APP}/${path}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are offline");
    });
  }

  test("ERR-6 forgets a cached page once the server answers 403 for it", async ({ controlledPage: page, context, mock }) => {
    await page.goto(`${APP}/pages/1`);
    await mock.addFault({ path: `${APP}/pages/1`, status: 403 });
    expect((await page.goto(`${APP}/pages/1`))?.status()).toBe(403);
    await context.setOffline(true);
    await page.goto(`${APP}/pages/1`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are offline");
  });
});
