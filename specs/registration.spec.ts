import { APP, expect, test } from "./fixtures.ts";
import { registrationInfo, waitForController } from "./support/browserState.ts";
import { holdLoad } from "./support/holdLoad.ts";

/** The reference app shows its registration decision; a spec waits for it instead of for time. */
const decided = (state: string) => `[data-worker="${state}"]`;

test.describe("REG-1 support detection", () => {
  test("REG-1 registers when serviceWorker and caches exist", async ({ page, spy }) => {
    await page.goto(`${APP}/`);
    await expect.poll(() => spy.registerCalls(page)).toHaveLength(1);
  });

  test("REG-1 does nothing and throws nothing without navigator.serviceWorker", async ({ page, mock, pageErrors }) => {
    await page.addInitScript(() => {
      Reflect.deleteProperty(Navigator.prototype, "serviceWorker");
    });
    await page.goto(`${APP}/`);
    await expect(page.locator(decided("unsupported"))).toBeVisible();
    expect(await page.evaluate(() => "serviceWorker" in navigator)).toBe(false);
    expect((await mock.journal()).filter((entry) => entry.url.includes("/sw.js"))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test("REG-1 does nothing and throws nothing without Cache Storage", async ({ page, spy, pageErrors }) => {
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, "caches");
      Reflect.deleteProperty(Window.prototype, "caches");
    });
    await page.goto(`${APP}/`);
    await expect(page.locator(decided("unsupported"))).toBeVisible();
    expect(await page.evaluate(() => "caches" in window)).toBe(false);
    expect(await spy.registerCalls(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});

test.describe("REG-2 scope", () => {
  test("REG-2 registers at the app root scope with the script under it", async ({ page, baseURL }) => {
    await page.goto(`${APP}/pages/1`);
    await waitForController(page);
    const info = await registrationInfo(page);
    expect(info?.scope).toBe(`${baseURL}${APP}/`);
    expect(info?.scriptURL?.startsWith(`${baseURL}${APP}/`)).toBe(true);
  });

  test("REG-2 serves the worker script with Cache-Control no-cache", async ({ page, spy }) => {
    await page.goto(`${APP}/`);
    await expect.poll(() => spy.registerCalls(page)).toHaveLength(1);
    const [call] = await spy.registerCalls(page);
    const response = await page.request.get(call?.scriptURL ?? "");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toContain("no-cache");
    expect(response.headers()["content-type"]).toContain("javascript");
  });
});

test.describe("REG-3 registration after load", () => {
  test("REG-3 registers only after the load event", async ({ page, spy }) => {
    const release = await holdLoad(page, `${APP}/`);
    await page.goto(`${APP}/`, { waitUntil: "domcontentloaded" });
    expect(await page.evaluate(() => document.readyState)).not.toBe("complete");
    expect(await spy.registerCalls(page)).toEqual([]);
    release();
    await expect.poll(() => spy.registerCalls(page)).toHaveLength(1);
    expect((await spy.registerCalls(page))[0]).toMatchObject({ afterLoad: true, readyState: "complete" });
  });

  test("REG-3 registers at once when the document is already complete", async ({ page, spy }) => {
    // The app's script is added only after `load`: waiting for another load event would never end.
    await page.goto(`${APP}/?__boot=late`);
    await expect.poll(() => spy.registerCalls(page)).toHaveLength(1);
    await waitForController(page);
  });
});

test.describe("REG-4 base path", () => {
  for (const path of ["/", "/apple", "/outside/x"]) {
    test(`REG-4 does not register on ${path}, outside the base path`, async ({ page, spy }) => {
      await page.goto(path);
      await expect(page.locator(decided("outside-base-path"))).toBeVisible();
      expect(await spy.registerCalls(page)).toEqual([]);
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    });
  }

  for (const path of [APP, `${APP}/anything`]) {
    test(`REG-4 registers on ${path}, inside the base path`, async ({ page, spy, baseURL }) => {
      await page.goto(path);
      await expect.poll(() => spy.registerCalls(page)).toHaveLength(1);
      expect((await spy.registerCalls(page))[0]?.scope).toBe(`${baseURL}${APP}/`);
    });
  }
});
