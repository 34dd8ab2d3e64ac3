import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import type { Profile } from "./profile/profileSchema.ts";
import { needs, PROXIED } from "./support/applicability.ts";
import { waitForController } from "./support/browserState.ts";
import { jsonDataAccept } from "./support/faultTargets.ts";
import type { MockServer } from "./support/mockServerProcess.ts";

/** A network timeout short enough that lie-fi specs do not wait the reference shell's 3 s default. */
const SHORT_TIMEOUT_MS = 400;

/** The reference app's timeout can be shortened; another app's is what its profile says. */
async function networkTimeout(profile: Profile, configure: (patch: { networkTimeoutMs: number }) => Promise<void>) {
  if (!profile.reference || PROXIED) return needs(profile.worker.networkTimeoutMs, "network timeout (worker.networkTimeoutMs)");
  await configure({ networkTimeoutMs: SHORT_TIMEOUT_MS });
  return SHORT_TIMEOUT_MS;
}

/**
 * Sets the reference worker's short timeout, then opens the app and waits for control. The order
 * matters: the worker reads its timeout from its script URL, so a worker registered before the
 * change would keep the default and the test would pass without exercising the timeout at all.
 */
async function controlledWithTimeout(page: Page, mock: MockServer, profile: Profile): Promise<number> {
  const timeout = await networkTimeout(profile, mock.configure);
  await page.goto(profile.home);
  await waitForController(page);
  return timeout;
}

/** Longer than any network timeout: the injected latency never ends within the test. */
const LIE_FI_DELAY_MS = 60_000;

test.describe("NAV-5 lie-fi", () => {
  test("NAV-5 serves the cached copy when the network is slower than the timeout", async ({ page, mock, app, profile }) => {
    await controlledWithTimeout(page, mock, profile);
    const target = app.page(0);
    await page.goto(target.path);
    const renderId = profile.reference ? await page.locator(profile.reference.renderIdSelector).getAttribute("content") : null;
    const fault = await mock.addFault({ path: target.path, delayMs: LIE_FI_DELAY_MS, representation: "document" });
    const response = await page.goto(target.path);
    expect(response?.fromServiceWorker()).toBe(true);
    await expect(app.heading(page)).toHaveText(target.heading);
    if (profile.reference) expect(await page.locator(profile.reference.renderIdSelector).getAttribute("content")).toBe(renderId);
    expect((await mock.faults()).find((f) => f.id === fault.id)?.hits).toBeGreaterThanOrEqual(1);
  });

  test("NAV-5 serves the cached copy when the server hangs", async ({ page, mock, app, profile }) => {
    await controlledWithTimeout(page, mock, profile);
    const target = app.page(1);
    await page.goto(target.path);
    await mock.addFault({ path: target.path, hang: true, representation: "document" });
    const response = await page.goto(target.path);
    expect(response?.fromServiceWorker()).toBe(true);
    await expect(app.heading(page)).toHaveText(target.heading);
  });

  test("NAV-5 waits for a slow network when nothing is cached", async ({ page, mock, app, profile }) => {
    const timeout = await controlledWithTimeout(page, mock, profile);
    const target = app.page(2);
    const fault = await mock.addFault({ path: target.path, delayMs: 3 * timeout, times: 1, representation: "document" });
    await page.goto(target.path);
    await expect(app.heading(page)).toHaveText(target.heading);
    await expect.poll(async () => (await mock.journal()).find((e) => e.fault === fault.id)?.status).toBe(200);
    expect((await mock.journal()).find((e) => e.fault === fault.id)?.durationMs).toBeGreaterThanOrEqual(3 * timeout);
  });
});

test.describe("faults on the wire", () => {
  test("NAV-5 a slow page still renders (latency fault)", async ({ page, mock, app }) => {
    const target = app.page(1);
    const fault = await mock.addFault({ path: target.path, delayMs: 1_000 });
    await page.goto(target.path);
    await expect(app.heading(page)).toHaveText(target.heading);
    await expect.poll(async () => (await mock.journal()).find((e) => e.fault === fault.id)?.durationMs).toBeGreaterThanOrEqual(1_000);
  });

  test("NAV-6 a dropped data request shows an error state, nothing hangs", async ({ controlledPage: page, mock, app, profile }) => {
    jsonDataAccept(profile);
    const target = app.page(0);
    const fault = await mock.addFault({ path: target.path, drop: true, representation: "data" });
    await app.navigateClientSide(page, target);
    await expect.poll(async () => (await mock.journal()).find((e) => e.fault === fault.id)?.outcome).toBe("dropped");
    await expect(app.heading(page)).not.toHaveText(target.heading);
    await expect(page.getByRole("main")).not.toHaveAttribute("aria-busy", "true");
  });

  test("NAV-6 a dropped document shows the offline page from the worker", async ({ controlledPage: page, mock, app, profile }) => {
    const target = app.page(2);
    await mock.addFault({ path: target.path, drop: true, representation: "document" });
    const response = await page.goto(target.path);
    expect(response?.fromServiceWorker()).toBe(true);
    await expect(page.locator("body")).toContainText(profile.offline.text);
  });

  test("ERR-1 a one-shot fault expires after its one use", async ({ page, mock, app }) => {
    const target = app.page(0);
    const fault = await mock.addFault({ path: target.path, status: 404, times: 1, representation: "document" });
    expect((await page.goto(target.path))?.status()).toBe(404);
    expect((await page.goto(target.path))?.status()).toBe(200);
    // Navigations only: not the worker's own fetches, not data requests. The journal is written when
    // the response ends, which can be just after the page has it, hence the poll.
    const documents = async () =>
      (await mock.journal())
        .filter((e) => e.url === target.path && e.fromWorker !== true && !e.accept?.startsWith("application/json"))
        .map((e) => [e.status, e.fault]);
    await expect.poll(documents).toEqual([
      [404, fault.id],
      [200, null],
    ]);
    expect(await mock.faults()).toEqual([]);
  });
});
