/**
 * The next deploy in Firefox and WebKit: UPD-1's and UPD-5's required rules, the same tests
 * specs/updates.spec.ts runs in Chromium. The mock server deploys a new build (`POST /__mock/deploy`:
 * the reference's second build, or the worker script with new bytes behind the proxy), the page asks
 * for an update check, and the journal says whether the browser went to the server for the worker
 * script: each engine has its own HTTP cache and its own reading of `updateViaCache`, which is what
 * UPD-5 is about. UPD-5's recommended rule reads the server's Cache-Control headers alone, the same in
 * every engine, so it is judged once, in Chromium.
 */
import type { EnginePage } from "../../kit/engines/engine.ts";
import { SUITE_NOTE } from "../../kit/outcomes.ts";
import { CONTROL_PREFIX, JOURNAL_COUNT_PATH } from "../../mock-server/control/controlPaths.ts";
import {
  APPLIED,
  armControllerChangeInPage,
  CHANGES_KEY,
  checkForUpdateBy,
  progressOf,
  UPDATE_WAIT_MS,
  type UpdateSettings,
  updateCheck,
  updateSettings,
  updateStateInPage,
} from "../checks/workerUpdate.ts";
import { notChecked, precondition } from "../harness/applicability.ts";
import { expect, test } from "../harness/engineFixtures.ts";
import { checkProfileFirst } from "../harness/fixtures.ts";
import { clickNamed, engineControl } from "./enginePages.ts";

/**
 * Seen by hand (docs/engines.md, UPD-1): in WebKitGTK 2.50 a document the app loads while its new
 * worker is activating (a reload on `controllerchange`, as vite-plugin-pwa's prompt does) reads its
 * controller `activating` from then on, in about half the runs, while a fresh document of the same
 * tab reads `activated`.
 */
const STALE_STATE = "the worker's state as a fresh document of the tab reads it (an iframe of the mock server's own, removed after)";

/**
 * The state of the active worker of the registration at `scope`, as a fresh same-origin document
 * reads it: an iframe of `src` (the mock server's control API, no app code), removed after.
 */
async function freshActiveState({ src, scope }: { src: string; scope: string }): Promise<string> {
  const frame = document.createElement("iframe");
  frame.hidden = true;
  frame.src = src;
  const loaded = new Promise((resolve) => frame.addEventListener("load", resolve, { once: true }));
  document.body.append(frame);
  try {
    await loaded;
    const container = frame.contentWindow?.navigator.serviceWorker;
    return (await container?.getRegistration(scope))?.active?.state ?? "no active worker";
  } finally {
    frame.remove();
  }
}

/** updateProgress() in any engine: the page between documents (a reload under way) is a state too. */
async function progressIn(page: EnginePage, update: UpdateSettings): Promise<string> {
  const state = await page.evaluate(updateStateInPage, CHANGES_KEY).catch(() => null);
  return progressOf(state, update);
}

test.describe("UPD-1 a deploy reaches the user", () => {
  checkProfileFirst((profile) => {
    const update = updateSettings(profile);
    // An engine page is a private context of its own (kit/engines/engine.ts): a second tab of the same
    // context, which reopening the app needs, is not there yet.
    if (update.activation === "reopen")
      notChecked(
        "the app applies an update once every tab is closed and it is opened again (update.activation reopen): a new tab of the same browser context is Chromium's for now",
      );
  });

  test("UPD-1 a deploy's new worker takes control of the app after the app's own update step", async ({
    enginePage,
    engineServer,
    engineOf,
    profile,
    facts,
  }) => {
    const update = updateSettings(profile);
    await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
    await enginePage.evaluate(armControllerChangeInPage, CHANGES_KEY);
    const { deploy } = await engineServer.deploy({ oldAssets: "keep" });
    await checkForUpdateBy(() => enginePage.evaluate(updateCheck, null), engineServer, profile, deploy);
    const { accept } = update;
    if (update.activation === "prompt" && accept !== undefined) {
      // A prompt that never shows is the app's failure, not a missed stimulus (as in Chromium). The
      // profile's schema asks for `accept` with `prompt`.
      const clicked = () =>
        clickNamed(enginePage, "button", accept).then(
          () => true,
          () => false,
        );
      await expect.poll(clicked, { message: `the app's prompt to use the new version (a button named '${accept}')`, timeout: UPDATE_WAIT_MS }).toBe(true);
    }
    const applied = await expect
      .poll(() => progressIn(enginePage, update), { timeout: UPDATE_WAIT_MS })
      .toBe(APPLIED)
      .then(
        () => true,
        () => false,
      );
    if (applied) return;
    // Read once more, without the poll's leniency: a driver that cannot read the page now is the
    // suite's failure (an error, inconclusive), never a verdict on the app.
    const state = await enginePage.evaluate(updateStateInPage, CHANGES_KEY);
    // No script of the kit's runs before the page's own here: a document the app put in place of the
    // armed one (a reload) lost the listener, and with it any controller change it would have seen.
    if (!state.armed && !state.changed)
      await precondition("the document the controllerchange listener was armed in is still the page's", async () => {
        throw new Error("the app replaced its document after the listener was armed, so a controller change may have gone unseen");
      });
    if (state.changed && state.controllerState === "activating" && !state.waiting && !state.installing) {
      const fresh = await enginePage.evaluate(freshActiveState, { src: `${CONTROL_PREFIX}${JOURNAL_COUNT_PATH}`, scope: profile.worker.scope ?? profile.home });
      test.info().annotations.push({ type: SUITE_NOTE, description: `${engineOf.engine}: the page read its controller activating; ${STALE_STATE} (${fresh})` });
      if (fresh === "activated") return;
    }
    expect(progressOf(state, update), `the new worker controls the app after its update step (${update.activation})`).toBe(APPLIED);
  });
});

test.describe("UPD-5 the worker script is never pinned by an HTTP cache", () => {
  test("UPD-5 an update check after a deploy reaches the server for the worker script", async ({ enginePage, engineServer, profile, facts }) => {
    await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
    // A check before the deploy first, as an earlier visit made (specs/updates.spec.ts says why).
    await enginePage.evaluate(updateCheck, null);
    const { deploy } = await engineServer.deploy({ oldAssets: "keep" });
    await enginePage.evaluate(updateCheck, null);
    const asked = async () =>
      (await engineServer.journal()).some((entry) => entry.deploy >= deploy && new URL(entry.url, engineServer.origin).pathname === profile.worker.script);
    await expect.poll(asked, { message: `the update check asked the server for ${profile.worker.script}`, timeout: UPDATE_WAIT_MS }).toBe(true);
  });
});
