/**
 * Makes the next navigation meet a cold or a warm service worker, from the suite's side: the mock
 * server cannot reach into the browser, so it is done with Chromium's DevTools protocol (the
 * `ServiceWorker` domain), waiting on the browser's own report of each worker's running status,
 * not on time. Chromium only.
 */
import type { Page } from "@playwright/test";
import { expect } from "../harness/expect.ts";

type RunningStatus = "stopped" | "starting" | "running" | "stopping";

/** A DevTools session on `page` that keeps each worker version's running status as Chromium reports it. */
async function watchWorkers(page: Page) {
  const session = await page.context().newCDPSession(page);
  const statuses = new Map<string, RunningStatus>();
  session.on("ServiceWorker.workerVersionUpdated", ({ versions }) => {
    for (const version of versions) statuses.set(version.versionId, version.runningStatus as RunningStatus);
  });
  // Enabling reports every version there is, so the map starts complete.
  await session.send("ServiceWorker.enable");
  return { session, statuses };
}

/** Stops every service worker of the browser and resolves once Chromium reports each one stopped. */
export async function makeWorkersCold(page: Page): Promise<void> {
  const { session, statuses } = await watchWorkers(page);
  try {
    await session.send("ServiceWorker.stopAllWorkers");
    await expect
      .poll(() => [...statuses.values()].filter((status) => status !== "stopped"), { message: "every service worker reports itself stopped" })
      .toEqual([]);
  } finally {
    await session.detach();
  }
}

/** Starts the worker of `scopeUrl` (absolute) and resolves once Chromium reports one running. */
export async function makeWorkerWarm(page: Page, scopeUrl: string): Promise<void> {
  const { session, statuses } = await watchWorkers(page);
  try {
    await session.send("ServiceWorker.startWorker", { scopeURL: scopeUrl });
    await expect.poll(() => [...statuses.values()].includes("running"), { message: `the worker of ${scopeUrl} reports itself running` }).toBe(true);
  } finally {
    await session.detach();
  }
}
