/**
 * Stops the browser's running service workers through CDP (`ServiceWorker.stopAllWorkers`), so the
 * next navigation has to start its worker cold: the path where Chromium sends a navigation preload,
 * or its own ServiceWorkerAutoPreload, while the worker boots, which a running worker never takes.
 */
import type { Page } from "@playwright/test";

type RunningStatus = "stopped" | "starting" | "running" | "stopping";

/** Resolves once every worker version the browser reports is `stopped`; the page must have a worker. */
export async function stopWorkers(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  try {
    const running = new Map<string, RunningStatus>();
    let onUpdate: () => void = () => undefined;
    const update = () =>
      new Promise<void>((resolve) => {
        onUpdate = resolve;
      });
    session.on("ServiceWorker.workerVersionUpdated", ({ versions }) => {
      for (const version of versions) running.set(version.versionId, version.runningStatus);
      onUpdate();
    });
    // `enable` reports every version there is, after it has answered: wait for that report first.
    let reported = update();
    await session.send("ServiceWorker.enable");
    while (running.size === 0) {
      await reported;
      reported = update();
    }
    await session.send("ServiceWorker.stopAllWorkers");
    while ([...running.values()].some((status) => status !== "stopped")) {
      await reported;
      reported = update();
    }
  } finally {
    await session.detach();
  }
}
