/**
 * The mock server's own: a deploy (`POST /__mock/deploy`) is a new build to the browser. The
 * reference shell switches from build "a" (dist/) to build "b" (dist/next-build/): Chromium's update
 * check finds a new worker, the page loaded afterwards runs build b, and build a's script is gone.
 * How an app should handle that is for the UPD clauses; this proves the stimulus they will rely on.
 */
import { readAppHead, SUITE_READ_TIMEOUT_MS } from "../kit/readAppBody.ts";
import { expect, test } from "./harness/fixtures.ts";

test.describe("deploys", () => {
  test("a deploy makes the browser install build b's worker, and the next load runs build b", async ({ controlledPage: page, mock, profile }) => {
    await expect(page.locator("html")).toHaveAttribute("data-build", "a");
    const oldScripts = (await mock.journal()).filter((entry) => entry.url.startsWith(`${profile.basePath}/assets/`) && entry.url.endsWith(".js"));
    expect(oldScripts.length, "build a's script was loaded").toBeGreaterThan(0);
    await page.evaluate(() => {
      (window as unknown as { __pckOldController: unknown }).__pckOldController = navigator.serviceWorker.controller;
    });

    const deployed = await mock.deploy();
    expect(deployed.deploy).toBe(1);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    // The reference worker skips waiting and claims its clients: the new one takes over this page.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const controller = navigator.serviceWorker.controller;
          return (
            controller !== null && controller !== (window as unknown as { __pckOldController: unknown }).__pckOldController && controller.state === "activated"
          );
        }),
      )
      .toBe(true);

    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-build", "b");
    const workerRequests = (await mock.journal()).filter((entry) => entry.url.split("?")[0] === profile.worker.script && entry.deploy === 1);
    expect(workerRequests.map((entry) => entry.status)).toContain(200);
    for (const old of oldScripts) {
      const { status } = await readAppHead(new URL(old.url, mock.origin).href, { timeoutMs: SUITE_READ_TIMEOUT_MS });
      expect(status, `build a's ${old.url} after the deploy`).toBe(404);
    }
  });
});
