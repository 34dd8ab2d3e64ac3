/**
 * ONL-1's required rule in Firefox and WebKit: when the browser itself comes back online, the page
 * reloads, once. Neither driver can set the browser's online state (Firefox's emulation lets the
 * worker's own fetches through and, back online, loads a document in the tab itself: docs/engines.md),
 * so the browser's own state is used: the run's network namespace loses its default route and gets
 * it back (kit/engines/namespaceRoute.mjs), the mock server's switch refusing every request
 * meanwhile, as in Chromium. Watched by hand first: neither engine loads a document of its own when
 * the route comes back. The recommended rules (a stray `online` event, a flapping connection) need
 * Chromium's fake clock: Chromium's.
 */

import type { EnginePage } from "../../kit/engines/engine.ts";
import { HOW_TO_GET_ONE, type OnlineSwitch, onlineSwitch } from "../../kit/engines/namespaceRoute.mjs";
import { cameWithin, notChecked, stimulus } from "../harness/applicability.ts";
import { expect, test } from "../harness/engineFixtures.ts";
import { WRITE_GRACE_MS } from "../harness/windows.ts";
import { engineControl } from "./enginePages.ts";

/** Real time for the browser to see the route go or come back: WebKitGTK took 3–5 s here, Firefox under 1 s. */
const STATE_CHANGE_MS = 10_000;
/** The app's settle time when the profile gives none: Chromium's test runs this much fake time. */
const SETTLE_BUDGET_MS = 10_000;
/** Real time a reload may take once the settle time is over: a page load on a busy machine. */
const RELOAD_MS = 15_000;

type Marked = "original" | "after reload" | "new" | "loading";

/** Which document the page shows: one the test marked, a new one, or none readable yet (mid-navigation). */
async function documentOf(page: EnginePage): Promise<Marked> {
  try {
    return await page.evaluate(
      () => ((window as unknown as { __pckDocument?: Marked }).__pckDocument ?? (document.readyState === "complete" ? "new" : "loading")) as Marked,
      null,
    );
  } catch {
    return "loading";
  }
}

const mark = (page: EnginePage, marker: Marked) =>
  page.evaluate((value) => {
    (window as unknown as { __pckDocument?: string }).__pckDocument = value;
  }, marker);

const onLine = (page: EnginePage) => page.evaluate(() => navigator.onLine, null).catch(() => null);

/** The run's switch of the browser's online state, or not checked with what would give one. */
function switchOrNotChecked(): OnlineSwitch {
  const found = onlineSwitch();
  if ("unavailable" in found) return notChecked(found.unavailable);
  // Every test of the run shares the namespace's one route: another test in parallel would see it go.
  if (test.info().config.workers !== 1)
    return notChecked(
      `the browser's online state is the network namespace's, shared by every test of the run, and this run has ${test.info().config.workers} workers: ${HOW_TO_GET_ONE}`,
    );
  return found;
}

test.describe("ONL-1 reload when back online", () => {
  test("ONL-1 reloads once when the browser comes back online", async ({ enginePage, engineServer, profile, facts }) => {
    const network = switchOrNotChecked();
    await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
    await mark(enginePage, "original");
    try {
      await engineServer.setOffline(true);
      network.offline();
      await stimulus("the browser going offline (the namespace's default route removed)", "home", () =>
        expect.poll(() => onLine(enginePage), { message: "navigator.onLine", timeout: STATE_CHANGE_MS }).toBe(false),
      );
      // The server leads back too (specs/checks/offline.ts): a reload at once must not meet it refusing.
      await engineServer.setOffline(false);
      network.online();
      const settle = profile.onlineSettleMs ?? SETTLE_BUDGET_MS;
      const reloaded = await cameWithin("the page reloads", () =>
        expect.poll(() => documentOf(enginePage), { timeout: STATE_CHANGE_MS + settle + RELOAD_MS }).toBe("new"),
      );
      if (!reloaded && (await onLine(enginePage)) !== true)
        notChecked(`the browser did not come back online within ${STATE_CHANGE_MS} ms of the namespace's default route coming back`);
      expect(reloaded, "the page reloaded after the browser came back online").toBe(true);
      await mark(enginePage, "after reload");
      // Nothing left pending in the new document: a second reload would show within the settle time.
      const again = await cameWithin("a second reload", () =>
        expect.poll(() => documentOf(enginePage), { timeout: settle + WRITE_GRACE_MS }).not.toBe("after reload"),
      );
      expect(again, `a second reload within the settle time (${settle} ms) and ${WRITE_GRACE_MS} ms more`).toBe(false);
    } finally {
      network.online();
      await engineServer.setOffline(false);
    }
  });
});
