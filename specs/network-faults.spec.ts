import { APP, expect, test } from "./fixtures.ts";
import { cachedEntries, registrationInfo, waitForController } from "./support/browserState.ts";

/** A network timeout short enough that lie-fi specs do not wait the 3 s default. */
const SHORT_TIMEOUT_MS = 400;

test.describe("NAV-5 lie-fi", () => {
  test("NAV-5 serves the cached copy when the network is slower than the timeout", async ({ page, mock, baseURL }) => {
    await mock.configure({ networkTimeoutMs: SHORT_TIMEOUT_MS });
    await page.goto(`${APP}/pages/1`);
    await waitForController(page);
    await page.goto(`${APP}/pages/1`);
    const cachedId = (await cachedEntries(page, `${baseURL}${APP}/pages/1`))
      .find((e) => e.url === `${baseURL}${APP}/pages/1`)
      ?.body.match(/pck-render-id" content="(\d+)"/)?.[1];
    const fault = await mock.addFault({ path: `${APP}/pages/1`, delayMs: 60_000, representation: "document" });
    const response = await page.goto(`${APP}/pages/1`);
    expect(response?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page one");
    expect(await page.locator('meta[name="pck-render-id"]').getAttribute("content")).toBe(cachedId);
    expect((await mock.faults()).find((f) => f.id === fault.id)?.hits).toBe(1);
  });

  test("NAV-5 serves the cached copy when the server hangs", async ({ page, mock }) => {
    await mock.configure({ networkTimeoutMs: SHORT_TIMEOUT_MS });
    await page.goto(`${APP}/pages/2`);
    await waitForController(page);
    await page.goto(`${APP}/pages/2`);
    await mock.addFault({ path: `${APP}/pages/2`, hang: true });
    const response = await page.goto(`${APP}/pages/2`);
    expect(response?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page two");
  });

  test("NAV-5 waits for a slow network when nothing is cached", async ({ page, mock }) => {
    // Before the page registers: the worker takes its timeout from its script URL, so a worker
    // registered earlier would keep the 3 s default and the 1.2 s delay would never outlast it.
    await mock.configure({ networkTimeoutMs: SHORT_TIMEOUT_MS });
    await page.goto(`${APP}/`);
    await waitForController(page);
    expect((await registrationInfo(page))?.scriptURL).toContain(`timeout=${SHORT_TIMEOUT_MS}`);
    const fault = await mock.addFault({ path: `${APP}/pages/3`, delayMs: 3 * SHORT_TIMEOUT_MS, times: 1 });
    await page.goto(`${APP}/pages/3`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page three");
    const entry = (await mock.journal()).find((e) => e.fault === fault.id);
    expect(entry?.status).toBe(200);
    expect(entry?.durationMs).toBeGreaterThanOrEqual(3 * SHORT_TIMEOUT_MS);
  });
});

test.describe("faults on the wire", () => {
  test("NAV-5 a slow page still renders (latency fault)", async ({ page, mock }) => {
    const fault = await mock.addFault({ path: `${APP}/pages/2`, delayMs: 1_000 });
    await page.goto(`${APP}/pages/2`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page two");
    expect((await mock.journal()).find((e) => e.fault === fault.id)?.durationMs).toBeGreaterThanOrEqual(1_000);
  });

  test("NAV-6 a dropped data request shows the network-error state, nothing hangs", async ({ controlledPage: page, mock }) => {
    const fault = await mock.addFault({ path: `${APP}/pages/1`, drop: true, representation: "data" });
    await page.getByRole("link", { name: "Page one" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Can't reach the server");
    await expect(page.getByRole("main")).toHaveAttribute("aria-busy", "false");
    expect((await mock.journal()).find((e) => e.fault === fault.id)?.outcome).toBe("dropped");
  });

  test("NAV-6 a dropped document shows the offline page from the worker", async ({ controlledPage: page, mock }) => {
    await mock.addFault({ path: `${APP}/pages/3`, drop: true, representation: "document" });
    const response = await page.goto(`${APP}/pages/3`);
    expect(response?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are offline");
  });

  test("ERR-1 a one-shot fault expires after its one use", async ({ page, mock }) => {
    const fault = await mock.addFault({ path: `${APP}/pages/1`, status: 404, times: 1 });
    expect((await page.goto(`${APP}/pages/1`))?.status()).toBe(404);
    expect((await page.goto(`${APP}/pages/1`))?.status()).toBe(200);
    const documents = (await mock.journal()).filter((e) => e.url === `${APP}/pages/1` && e.accept?.startsWith("text/html,"));
    expect(documents.map((e) => [e.status, e.fault])).toEqual([
      [404, fault.id],
      [200, null],
    ]);
    expect(await mock.faults()).toEqual([]);
  });
});
