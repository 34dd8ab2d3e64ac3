/**
 * The mock server's own: while a spec holds the browser offline, no request reaches a live answer,
 * not even one Chromium sends past its offline emulation (a navigation preload was seen reaching the
 * server with the context offline; here, starting a stopped worker offline sent its script's update
 * check, answered 304 without the switch). specs/checks/offline.ts switches the server with the browser.
 */
import type { Page } from "@playwright/test";
import { cachedUrls } from "./checks/browserState.ts";
import { navigate } from "./checks/navigation.ts";
import { holdOffline } from "./checks/offline.ts";
import { precondition } from "./harness/applicability.ts";
import { expect, test } from "./harness/fixtures.ts";
import type { MockServer } from "./harness/mockServerProcess.ts";

const lastId = async (mock: MockServer) => Math.max(0, ...(await mock.journal()).map((entry) => entry.id));

/** What reached the server after entry `after`: each request's URL and how it ended. */
async function reachedSince(mock: MockServer, after: number): Promise<string[]> {
  return (await mock.journal()).filter((entry) => entry.id > after).map((entry) => `${entry.url} ${entry.kind} ${entry.status ?? entry.outcome}`);
}

async function storedWithPreload(page: Page, path: string, origin: string | undefined): Promise<void> {
  await page.goto(path);
  await precondition(`${path} is stored (NAV-3)`, () => expect.poll(() => cachedUrls(page)).toContain(`${origin}${path}`));
  await precondition("the worker enables navigation preload", async () =>
    expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).navigationPreload?.getState())?.enabled)).toBe(true),
  );
}

test.describe("the network switch", () => {
  test("an offline navigation, preload and all, gets the worker's stored copy and no live answer", async ({ controlledPage: page, mock, app, baseURL }) => {
    const context = page.context();
    const target = app.page(0);
    await storedWithPreload(page, target.path, baseURL);
    const mark = await lastId(mock);
    await holdOffline(page, context, mock);
    const outcome = await navigate(page, target.path);
    expect(outcome.fromServiceWorker, `offline navigation to a stored page: ${outcome.summary}`).toBe(true);
    await expect(app.heading(page, target)).toHaveText(target.heading);
    const reached = await reachedSince(mock, mark);
    expect(
      reached.filter((line) => !line.endsWith(" offline")),
      "requests that got a live answer while offline",
    ).toEqual([]);
  });
});
