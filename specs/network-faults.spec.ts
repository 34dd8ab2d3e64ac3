import type { Page } from "@playwright/test";
import type { Profile } from "../cli/profile/profileSchema.ts";
import type { AppFacts } from "../kit/appFacts.ts";
import { appDriver } from "./checks/appDriver.ts";
import { dataFaultsApply } from "./checks/dataRequests.ts";
import { faultMet, faultOnNavigationMeetable } from "./checks/faultMet.ts";
import { visitHeld } from "./checks/heldPage.ts";
import { navigate } from "./checks/navigation.ts";
import { answeredInFull, COMMIT_MARGIN_MS, networkTimeout, SLOWER_BY_MS } from "./checks/networkTimeout.ts";
import { ignoreOnlineEvents } from "./checks/offline.ts";
import { precondition, RECOMMENDED } from "./harness/applicability.ts";
import { takeControl } from "./harness/control.ts";
import { checkProfileFirst, expect, test } from "./harness/fixtures.ts";
import type { MockServer } from "./harness/mockServerProcess.ts";

/**
 * Sets the worker's network timeout (networkTimeout.ts), then opens the app and waits for control:
 * in that order, or the reference worker keeps its default timeout.
 */
async function controlledWithTimeout(page: Page, mock: MockServer, profile: Profile, facts: AppFacts): Promise<number> {
  return precondition(`a service worker controls ${profile.home} (REG-2)`, async () => {
    const timeout = await networkTimeout(mock, profile);
    await takeControl(page, profile.home, facts);
    // A slow navigation is in flight for seconds: an app that reloads at once on a stray `online`
    // event would cancel it (1 run in 10 of the second app, under load).
    await ignoreOnlineEvents(page);
    return timeout;
  });
}

/** Longer than any network timeout: the injected latency never ends within the test. */
const LIE_FI_DELAY_MS = 60_000;

test.describe("NAV-5 lie-fi", () => {
  // A slow network and a hung server send the page the same nothing within the timeout; the two are
  // met at once, each in a tab of its own, so the test waits out one timeout, not two.
  test(
    "NAV-5 serves the cached copy when the network is slower than the timeout or the server hangs",
    RECOMMENDED,
    async ({ page, context, mock, app, facts, profile, baseURL }) => {
      const slowTarget = app.page(0);
      const hungTarget = app.pageOrAnother(1, slowTarget);
      faultOnNavigationMeetable(facts, slowTarget.path, "again");
      faultOnNavigationMeetable(facts, hungTarget.path, "again");
      const timeout = await controlledWithTimeout(page, mock, profile, facts);
      await visitHeld(page, mock, slowTarget.path, baseURL);
      await app.confirmShown(page, slowTarget);
      const renderId = profile.reference ? await page.locator(profile.reference.renderIdSelector).getAttribute("content") : null;
      const tab = await context.newPage();
      await visitHeld(tab, mock, hungTarget.path, baseURL);
      await app.confirmShown(tab, hungTarget);
      await ignoreOnlineEvents(tab);
      const slowFault = await mock.addFault({ path: slowTarget.path, delayMs: LIE_FI_DELAY_MS, representation: "document" });
      const hungFault = await mock.addFault({ path: hungTarget.path, hang: true, representation: "document" });
      const within = { timeout: timeout + COMMIT_MARGIN_MS, waitUntil: "commit" } as const;
      const [slow, hung] = await Promise.all([navigate(page, slowTarget.path, within), navigate(tab, hungTarget.path, within)]);
      await faultMet(mock, slowFault.id, `a network slower than the timeout (${LIE_FI_DELAY_MS} ms)`);
      await faultMet(mock, hungFault.id, "a server that hangs");
      expect(slow.fromServiceWorker, `a navigation while the network takes ${LIE_FI_DELAY_MS} ms, timeout ${timeout} ms: ${slow.summary}`).toBe(true);
      expect(hung.fromServiceWorker, `a navigation while the server hangs, timeout ${timeout} ms: ${hung.summary}`).toBe(true);
      await expect(app.heading(page, slowTarget)).toHaveText(slowTarget.heading);
      await expect(app.heading(tab, hungTarget)).toHaveText(hungTarget.heading);
      if (profile.reference) expect(await page.locator(profile.reference.renderIdSelector).getAttribute("content")).toBe(renderId);
    },
  );

  test("NAV-5 waits for a slow network when nothing is cached", RECOMMENDED, async ({ page, mock, app, facts, profile }) => {
    const target = app.pageOrAnother(2);
    faultOnNavigationMeetable(facts, target.path, "first");
    const timeout = await controlledWithTimeout(page, mock, profile, facts);
    const slower = timeout + SLOWER_BY_MS;
    const fault = await mock.addFault({ path: target.path, delayMs: slower, times: 1, representation: "document" });
    await page.goto(target.path);
    await faultMet(mock, fault.id, `a network slower than the timeout with nothing cached (${slower} ms)`);
    await expect(app.heading(page, target)).toHaveText(target.heading);
    await answeredInFull(mock, fault.id, slower);
  });
});

test.describe("faults on the wire", () => {
  test.describe(() => {
    checkProfileFirst((profile, facts) => faultOnNavigationMeetable(facts, appDriver(profile).pageOrAnother(1).path, "first"));
    test("NAV-5 a slow page still renders (latency fault)", async ({ controlledPage: page, mock, app }) => {
      const target = app.pageOrAnother(1);
      const fault = await mock.addFault({ path: target.path, delayMs: 1_000 });
      await page.goto(target.path);
      await faultMet(mock, fault.id, "a slow network (a 1 s latency)");
      await expect(app.heading(page, target)).toHaveText(target.heading);
      await expect.poll(async () => (await mock.journal()).find((e) => e.fault === fault.id)?.durationMs).toBeGreaterThanOrEqual(1_000);
    });
  });

  test.describe(() => {
    checkProfileFirst(dataFaultsApply);
    test("NAV-6 a dropped data request shows an error state, nothing hangs", RECOMMENDED, async ({ controlledPage: page, mock, app }) => {
      const target = app.page(0);
      const fault = await mock.addFault({ path: target.path, drop: true, representation: "data" });
      await app.navigateClientSide(page, target, { renders: false });
      await precondition("the app's data request reaches the server", () =>
        expect.poll(async () => (await mock.journal()).find((e) => e.fault === fault.id)?.outcome).toBe("dropped"),
      );
      await expect(app.heading(page, target)).not.toHaveText(target.heading);
      await expect(page.getByRole("main")).not.toHaveAttribute("aria-busy", "true");
    });
  });

  test("NAV-6 a dropped document shows the offline page from the worker", RECOMMENDED, async ({ controlledPage: page, mock, app, profile }) => {
    const target = app.pageOrAnother(2);
    await mock.addFault({ path: target.path, drop: true, representation: "document" });
    const outcome = await navigate(page, target.path);
    expect(outcome.fromServiceWorker, `a navigation whose connection is dropped: ${outcome.summary}`).toBe(true);
    if (profile.offline) await expect(app.textHolder(page, profile.offline)).toContainText(profile.offline.text, { useInnerText: true });
  });

  test("ERR-1 a one-shot fault expires after its one use", async ({ page, mock, app }) => {
    const target = app.page(0);
    const fault = await mock.addFault({ path: target.path, status: 404, times: 1, representation: "document" });
    expect((await page.goto(target.path))?.status()).toBe(404);
    expect((await page.goto(target.path))?.status()).toBe(200);
    // Navigations only (navigate mode: the browser's, its preload, or a worker passing it on), not
    // the worker's own fetches, not data requests, not a page script's fetch of the same URL
    // (@serwist/next's helper Web Worker fetches the page it caches on navigation, in cors mode, at a
    // moment of its own: a fresh-clone CI run counted it as a third answer). The journal is written
    // when the response ends, which can be just after the page has it, hence the poll.
    // The second answer is 200, or 304 where the browser revalidated the copy in its HTTP cache (Next.js
    // sends ETags; seen when the worker took control between the two navigations and fetched it).
    const documents = async () =>
      (await mock.journal())
        .filter((e) => e.url === target.path && e.fromWorker !== true && e.secFetchMode === "navigate")
        .map((e) => [e.status === 200 || e.status === 304 ? "200 or 304" : e.status, e.fault]);
    await expect.poll(documents).toEqual([
      [404, fault.id],
      ["200 or 304", null],
    ]);
    expect(await mock.faults()).toEqual([]);
  });
});
