/**
 * The next deploy in Firefox and WebKit: UPD-1's, UPD-4's and UPD-5's required rules (and UPD-4's
 * recommended one), the same tests
 * specs/updates.spec.ts runs in Chromium. The mock server deploys a new build (`POST /__mock/deploy`:
 * the reference's second build, or the worker script with new bytes behind the proxy), the page asks
 * for an update check, and the journal says whether the browser went to the server for the worker
 * script: each engine has its own HTTP cache and its own reading of `updateViaCache`, which is what
 * UPD-5 is about. UPD-5's recommended rule reads the server's Cache-Control headers alone, the same in
 * every engine, so it is judged once, in Chromium.
 */

import type { Profile } from "../../cli/profile/profileSchema.ts";
import type { AppFacts } from "../../kit/appFacts.ts";
import type { EngineBrowser, EnginePage } from "../../kit/engines/engine.ts";
import { SUITE_NOTE } from "../../kit/outcomes.ts";
import { CONTROL_PREFIX, JOURNAL_COUNT_PATH } from "../../mock-server/control/controlPaths.ts";
import { armInstallWatchInPage, awaitFailedInstall, failTheInstall, INSTALL_END_MS, installViewOf, oldWorkerInPage } from "../checks/failedInstall.ts";
import { serverOffline, serverOnline } from "../checks/offline.ts";
import {
  APPLIED,
  armControllerChangeInPage,
  CHANGES_KEY,
  checkForUpdateBy,
  describeUpdateState,
  progressOf,
  UPDATE_WAIT_MS,
  type UpdateSettings,
  type UpdateState,
  updateCheck,
  updateSettings,
  updateStateInPage,
} from "../checks/workerUpdate.ts";
import { cameWithin, notChecked, precondition, RECOMMENDED, stimulus } from "../harness/applicability.ts";
import { expect, test } from "../harness/engineFixtures.ts";
import { checkProfileFirst } from "../harness/fixtures.ts";
import type { MockServer } from "../harness/mockServerProcess.ts";
import { WRITE_GRACE_MS } from "../harness/windows.ts";
import { countDocuments, DOCUMENT_POLL_MS, pageCountingDocuments } from "./engineDocuments.ts";
import { clickNamed, clientNavigate, engineControl, headingOf, landOn } from "./enginePages.ts";

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

/**
 * APPLIED when the page's own controller reads `activating` with the update otherwise applied and a
 * fresh document of the tab reads it `activated` (STALE_STATE: WebKitGTK's reloaded document), noted
 * in the report; else the state in words.
 */
async function freshlyActivated(page: EnginePage, state: UpdateState | null, profile: Profile, engine: EngineBrowser): Promise<string> {
  if (!state?.changed || state.controllerState !== "activating" || state.waiting || state.installing) return describeUpdateState(state);
  const fresh = await page.evaluate(freshActiveState, { src: `${CONTROL_PREFIX}${JOURNAL_COUNT_PATH}`, scope: profile.worker.scope ?? profile.home });
  test.info().annotations.push({ type: SUITE_NOTE, description: `${engine.engine}: the page read its controller activating; ${STALE_STATE} (${fresh})` });
  return fresh === "activated" ? APPLIED : describeUpdateState(state);
}

/** updateProgress() in any engine, with WebKitGTK's stale `activating` read as a fresh document reads it. */
async function appliedIn(page: EnginePage, update: UpdateSettings, profile: Profile, engine: EngineBrowser): Promise<string> {
  const state = await page.evaluate(updateStateInPage, CHANGES_KEY).catch(() => null);
  const progress = progressOf(state, update);
  return progress === APPLIED ? progress : freshlyActivated(page, state, profile, engine);
}

/**
 * With `prompt`, clicks the app's button that accepts the update once it shows. A prompt that never
 * shows is the app's failure, not a missed stimulus (as in Chromium). The profile's schema asks for
 * `accept` with `prompt`.
 */
async function acceptPrompt(page: EnginePage, update: UpdateSettings): Promise<void> {
  const { accept } = update;
  if (update.activation !== "prompt" || accept === undefined) return;
  const clicked = () =>
    clickNamed(page, "button", accept).then(
      () => true,
      () => false,
    );
  await expect.poll(clicked, { message: `the app's prompt to use the new version (a button named '${accept}')`, timeout: UPDATE_WAIT_MS }).toBe(true);
}

/** An engine page is a private context of its own (kit/engines/engine.ts): a second tab of the same context, which reopening the app needs, is not there yet. */
function notWithReopen(profile: Profile): void {
  if (updateSettings(profile).activation === "reopen")
    notChecked(
      "the app applies an update once every tab is closed and it is opened again (update.activation reopen): a new tab of the same browser context is Chromium's for now",
    );
}

test.describe("UPD-1 a deploy reaches the user", () => {
  checkProfileFirst(notWithReopen);

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
    await acceptPrompt(enginePage, update);
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
    if ((await freshlyActivated(enginePage, state, profile, engineOf)) === APPLIED) return;
    expect(progressOf(state, update), `the new worker controls the app after its update step (${update.activation})`).toBe(APPLIED);
  });
});

/** What the UPD-2 wait reads once the tab has had a second new document since the deploy. */
const RELOADED_TWICE = "reloaded twice";

/** How long the journal must stay still for the network to count as quiet once the update is applied (Chromium waits for `networkidle`). */
const QUIET_MS = 1_000;

test.describe("UPD-2 reloads on an update", () => {
  checkProfileFirst(notWithReopen);

  /**
   * Chromium's test in any engine: from the deploy until the update is applied, and once the network
   * is quiet after it, at most one new document of the tab. A second one ends the wait at once (a
   * page that reloads while a worker waits loops for ever, and its update never applies).
   */
  async function reloadsAtMostOnce(page: EnginePage, server: MockServer, profile: Profile, engine: EngineBrowser): Promise<void> {
    const update = updateSettings(profile);
    await page.evaluate(armControllerChangeInPage, CHANGES_KEY);
    const documents = await countDocuments(page, engine);
    const { deploy } = await server.deploy({ oldAssets: "keep" });
    await checkForUpdateBy(() => page.evaluate(updateCheck, null), server, profile, deploy);
    await acceptPrompt(page, update);
    let progress = "";
    await cameWithin("the update is applied (UPD-1's subject), or the tab reloads a second time", () =>
      expect
        .poll(async () => (progress = (await documents.read()) > 1 ? RELOADED_TWICE : await appliedIn(page, update, profile, engine)), {
          timeout: UPDATE_WAIT_MS,
          intervals: [DOCUMENT_POLL_MS],
        })
        .toMatch(new RegExp(`^(${APPLIED}|${RELOADED_TWICE})$`)),
    );
    const reloads = `reloads of the tab since the deploy (new documents, ${documents.how})`;
    expect(await documents.read(), `${reloads}, the update ${progress === APPLIED ? "applied" : "not applied"}`).toBeLessThanOrEqual(1);
    if (progress !== APPLIED) notChecked("the update was never applied, so its reloads cannot be counted (UPD-1's tests say why)");
    // The document that stays: the journal still for a second, the documents read all along.
    let entries = -1;
    let still = Date.now();
    await cameWithin(`the network quiet after the update (${QUIET_MS} ms without a request)`, () =>
      expect
        .poll(
          async () => {
            await documents.read();
            const now = (await server.journal()).length;
            if (now !== entries) [entries, still] = [now, Date.now()];
            return Date.now() - still >= QUIET_MS;
          },
          { timeout: UPDATE_WAIT_MS, intervals: [DOCUMENT_POLL_MS] },
        )
        .toBe(true),
    );
    expect(await documents.read(), `${reloads}, once the update was applied and the network went quiet`).toBeLessThanOrEqual(1);
  }

  test("UPD-2 an update reloads the page at most once", async ({ engineOf, engineServer, profile, facts }) => {
    const page = await pageCountingDocuments(engineOf);
    try {
      await engineControl(page, `${engineServer.origin}${profile.home}`, facts);
      await reloadsAtMostOnce(page, engineServer, profile, engineOf);
    } finally {
      await page.close();
    }
  });

  test("UPD-2 an update reloads a page loaded under the old worker at most once", async ({ engineOf, engineServer, profile, facts }) => {
    const page = await pageCountingDocuments(engineOf);
    try {
      await engineControl(page, `${engineServer.origin}${profile.home}`, facts);
      // A tab like a person's when a deploy lands: loaded under the worker that controls it now.
      await precondition(`${profile.home} reloaded under the worker's control`, async () => {
        await page.reload();
        await expect
          .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null, null), { message: "the reloaded page is controlled" })
          .toBe(true);
      });
      await reloadsAtMostOnce(page, engineServer, profile, engineOf);
    } finally {
      await page.close();
    }
  });
});

test.describe("UPD-3 an open page survives the deploy", () => {
  checkProfileFirst(updateSettings);

  /** Chromium's awaitAutoTakeover() in any engine: with `auto`, the new worker takes over the open page; an observation the test goes on from. */
  async function autoTakeover(page: EnginePage, update: UpdateSettings): Promise<void> {
    if (update.activation !== "auto") return;
    const state = () => page.evaluate(updateStateInPage, CHANGES_KEY).catch(() => null);
    await cameWithin("the new worker takes over the open page", () =>
      expect.poll(async () => (await state())?.changed ?? false, { timeout: UPDATE_WAIT_MS }).toBe(true),
    );
    await cameWithin("the page's new controller activated", () =>
      expect.poll(async () => (await state())?.controllerState, { timeout: UPDATE_WAIT_MS }).toBe("activated"),
    );
  }

  test("UPD-3 an open page's client-side navigations work after a deploy", async ({ enginePage, engineServer, profile, facts }) => {
    const update = updateSettings(profile);
    await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
    await enginePage.evaluate(armControllerChangeInPage, CHANGES_KEY);
    const { deploy } = await engineServer.deploy({ oldAssets: "404" });
    await checkForUpdateBy(() => enginePage.evaluate(updateCheck, null), engineServer, profile, deploy);
    await stimulus("a new worker after the update check", "worker.script", () =>
      expect
        .poll(
          async () => {
            const state = await enginePage.evaluate(updateStateInPage, CHANGES_KEY).catch(() => null);
            return Boolean(state && (state.changed || state.waiting || state.installing));
          },
          { message: "a new worker installing, waiting or in control", timeout: UPDATE_WAIT_MS },
        )
        .toBe(true),
    );
    await autoTakeover(enginePage, update);
    // The first two listed pages (one, where the profile lists one), each reached by the app's own navigation.
    const targets = [...profile.pages.slice(0, 2), ...(update.lazyPage ? [update.lazyPage] : [])];
    for (const target of targets) {
      await clientNavigate(enginePage, profile, target);
      await expect
        .poll(() => headingOf(enginePage, target).catch(() => null), {
          message: `${target.path}, reached client-side from the page open before the deploy`,
          timeout: UPDATE_WAIT_MS,
        })
        .toBe(target.heading);
      await enginePage.evaluate(() => history.back(), null);
      await expect.poll(() => enginePage.evaluate(() => location.pathname, null).catch(() => null), { message: "back at home" }).toBe(profile.home);
    }
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

/**
 * Chromium's UPD-4 clears its HTTP cache (CDP) so the file removed from the precache is asked of the
 * server; neither Firefox's nor WebKit's driver can. Watched: Firefox's new install then took the
 * Next.js app's hashed chunk from its HTTP cache (Next sends `immutable`) and took over. In their
 * place, the test's scripts, styles, images and fonts are served `no-store` until the stimulus (a
 * fault whose only work is that header), so no HTTP cache holds them: what UPD-4 judges, the install
 * meeting a 404 and its outcome, does not read an HTTP cache, and the journal still says whether it
 * was met.
 */
const NO_HTTP_CACHE = {
  path: { regex: "\\.(m?js|css|svg|png|ico|webp|avif|jpe?g|gif|woff2?|ttf|otf)$" },
  responseHeaders: { "Cache-Control": "no-store" },
  name: "UPD-4: no HTTP cache keeps the build's files (Chromium clears it instead)",
};

const installView = (page: EnginePage) => installViewOf(page.evaluate.bind(page), () => page.evaluate(updateStateInPage, CHANGES_KEY).catch(() => null));

/** As in Chromium: home, loaded again under the worker's control, opens offline before the deploy (NAV-4's and NAV-7's subject). */
function homeOpensOfflineBeforeDeploy(page: EnginePage, server: MockServer, facts: AppFacts): Promise<void> {
  return precondition("home opens offline from the worker before the deploy, once loaded under its control (NAV-4, NAV-7)", async () => {
    await page.reload();
    if (facts.design?.value === "page cache")
      await cameWithin("home stored in Cache Storage under its URL", () =>
        expect.poll(() => page.evaluate(async () => (await caches.match(location.href)) !== undefined, null), { timeout: WRITE_GRACE_MS }).toBe(true),
      );
    await serverOffline(server);
    const outcome = await landOn(page, "reload");
    expect(outcome.controlled, `home reloaded offline before the deploy: ${outcome.summary}`).toBe(true);
    await serverOnline(server);
  });
}

test.describe("UPD-4 a failed install leaves the old worker", () => {
  checkProfileFirst(updateSettings);

  /** Opens home under control with no HTTP cache holding the build's files; `before` runs under control, before the stimulus. */
  async function startFailingUpdate(
    page: EnginePage,
    server: MockServer,
    profile: { home: string; worker: { script: string } },
    facts: AppFacts,
    before?: () => Promise<void>,
  ) {
    const noHttpCache = await server.addFault(NO_HTTP_CACHE);
    await engineControl(page, `${server.origin}${profile.home}`, facts);
    await before?.();
    // Removed before the 404's fault is added, so the two never meet on one request.
    await server.removeFault(noHttpCache.id);
    const { faultId, removed } = await failTheInstall(page.evaluate.bind(page), server, profile.worker.script);
    await page.evaluate(armInstallWatchInPage, null);
    await page.evaluate(armControllerChangeInPage, CHANGES_KEY);
    const { deploy } = await server.deploy({ oldAssets: "keep" });
    await page.evaluate(updateCheck, null);
    await awaitFailedInstall(installView(page), server, { faultId, removed, deploy });
  }

  test("UPD-4 a new worker whose install fails leaves the old one in control, offline too", async ({ enginePage, engineServer, profile, facts }) => {
    await startFailingUpdate(enginePage, engineServer, profile, facts, () => homeOpensOfflineBeforeDeploy(enginePage, engineServer, facts));
    const view = installView(enginePage);
    // The install ends, or hangs (the recommended test's subject); either way it must not take over.
    await cameWithin("the failed install ends", () =>
      expect.poll(async () => (await view.state())?.installing ?? true, { timeout: INSTALL_END_MS }).toBe(false),
    );
    expect(await enginePage.evaluate(oldWorkerInPage, null), "the worker that controlled the page before the failed update").toEqual({
      sameController: true,
      active: "activated",
    });
    expect((await view.state())?.changed, "the controller changed").toBe(false);
    await serverOffline(engineServer);
    const outcome = await landOn(enginePage, "reload");
    expect(
      outcome.controlled,
      `home reloaded offline after the failed install, answered by the old worker (it opened offline before the deploy): ${outcome.summary}`,
    ).toBe(true);
  });

  test("UPD-4 a new worker whose install fails is discarded at once", RECOMMENDED, async ({ enginePage, engineServer, profile, facts }) => {
    await startFailingUpdate(enginePage, engineServer, profile, facts);
    const view = installView(enginePage);
    const left = async () => {
      const state = await view.state();
      return state?.installing ? "a worker still installing" : state?.waiting ? "a worker waiting" : "none";
    };
    await expect.poll(left, { message: "no new worker left installing or waiting after its install failed", timeout: INSTALL_END_MS }).toBe("none");
  });
});
