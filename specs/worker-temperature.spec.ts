/**
 * The mock server's own: the journal's `kind` for a navigation through a worker that passes it on,
 * warm and cold. Chromium (since about 152, ServiceWorkerAutoPreload) sends the navigation's request
 * itself while it starts a cold worker whose navigation preload is off, and the worker's
 * `fetch(event.request)` takes that answer: the server sees the browser's request (`navigation`),
 * with nothing to tell it by. A running worker sends its own (`worker`). The worker here is a plain
 * pass-through one put in place of the app's (the `workerScript` option): the reference's races its
 * navigations with the Static Routing API, and Chromium then sends them itself whatever the worker's
 * state. Left out of a check of someone else's app (playwright.config.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { makeWorkersCold, makeWorkerWarm } from "./checks/workerTemperature.ts";
import { expect, test } from "./harness/fixtures.ts";
import type { MockServer } from "./harness/mockServerProcess.ts";

/** Passes navigations on: the preloaded response when navigation preload is on, its own fetch otherwise. */
const PASS_THROUGH_WORKER = `self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (event) => {
  if (event.request.mode === "navigate") event.respondWith(Promise.resolve(event.preloadResponse).then((response) => response || fetch(event.request)));
});
`;
test.use({
  // The app's worker script is answered with this file's (specs/fixtures.ts), made and removed per test worker.
  workerScript: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form.
    async ({}, use) => {
      const dir = mkdtempSync(join(tmpdir(), "pck-pass-through-"));
      writeFileSync(join(dir, "sw.js"), PASS_THROUGH_WORKER);
      await use(join(dir, "sw.js"));
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: "worker" },
  ],
});

const DOCUMENT_KINDS: ReadonlySet<string> = new Set(["navigation", "preload", "worker"]);

async function setNavigationPreload(page: Page, enabled: boolean): Promise<void> {
  await page.evaluate(async (on) => {
    const registration = await navigator.serviceWorker.ready;
    await (on ? registration.navigationPreload.enable() : registration.navigationPreload.disable());
  }, enabled);
}

let visit = 0;

/** Navigates to a fresh URL of `path` and returns the kinds of its document requests, once the page shows it. */
async function documentKindsOf(page: Page, mock: MockServer, path: string): Promise<string[]> {
  visit += 1;
  const url = `${path}?temperature=${visit}`;
  await page.goto(url);
  await expect.poll(async () => (await mock.journal()).some((entry) => entry.url === url && entry.status !== null)).toBe(true);
  return (await mock.journal()).filter((entry) => entry.url === url && DOCUMENT_KINDS.has(entry.kind)).map((entry) => entry.kind);
}

test.describe("the journal's kind, warm and cold workers", () => {
  test("a running worker that passes a navigation on is journaled as the worker's request", async ({ controlledPage: page, mock, app }) => {
    await setNavigationPreload(page, false);
    await makeWorkerWarm(page, await page.evaluate(async () => (await navigator.serviceWorker.ready).scope));
    expect(await documentKindsOf(page, mock, app.pageOrAnother(1).path)).toEqual(["worker"]);
  });

  test("a cold worker that passes a navigation on: Chromium's own request for it (ServiceWorkerAutoPreload) is journaled as the navigation", async ({
    controlledPage: page,
    mock,
    app,
  }) => {
    await setNavigationPreload(page, false);
    await makeWorkersCold(page);
    expect(
      await documentKindsOf(page, mock, app.pageOrAnother(2).path),
      "one request, the browser's (a Chromium without ServiceWorkerAutoPreload, before about 152, sends the worker's own: worker)",
    ).toEqual(["navigation"]);
  });

  test("with navigation preload on, warm and cold workers alike are journaled as the preload", async ({ controlledPage: page, mock, app }) => {
    const [warm, cold] = [app.pageOrAnother(1), app.pageOrAnother(2, app.pageOrAnother(1))];
    await setNavigationPreload(page, true);
    expect(await documentKindsOf(page, mock, warm.path)).toEqual(["preload"]);
    await makeWorkersCold(page);
    expect(await documentKindsOf(page, mock, cold.path)).toEqual(["preload"]);
  });
});
