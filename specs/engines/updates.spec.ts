/**
 * The next deploy in Firefox and WebKit: the same tests specs/updates.spec.ts runs in Chromium, for
 * UPD-5's and UPD-6's required rules and both of UPD-1's, UPD-3's and UPD-4's (UPD-2's are in
 * specs/engines/reloads.spec.ts). The mock server deploys a new build (`POST /__mock/deploy`: the
 * reference's second build, or the worker script with new bytes behind the proxy), the page asks for
 * an update check, and the journal says whether the browser went to the server for the worker
 * script: each engine has its own HTTP cache and its own reading of `updateViaCache`, which is what
 * UPD-5 is about. UPD-5's recommended rule reads the server's Cache-Control headers alone, the same
 * in every engine, so it is judged once, in Chromium.
 */
import type { AppFacts } from "../../kit/appFacts.ts";
import { beforePage, type EnginePage } from "../../kit/engines/engine.ts";
import { ONLINE_STATE_TAG } from "../../kit/engines/namespaceRoute.mjs";
import { armInstallWatchInPage, awaitFailedInstall, failTheInstall, INSTALL_END_MS, installViewOf, oldWorkerInPage } from "../checks/failedInstall.ts";
import { freshInAPersonsCache, nothingRetiredAsked, RELOADED_INTO_NEW_BUILD, retiredAskedFor } from "../checks/lazyCode.ts";
import { serverOffline, serverOnline } from "../checks/offline.ts";
import { installSpy, SPY_KEYS, UPDATE_CHECKS_KEY, updateChecksInPage } from "../checks/spy.ts";
import { evictUnloadedInPage } from "../checks/staleFiles.ts";
import {
  APPLIED,
  armControllerChangeInPage,
  CHANGES_KEY,
  checkForUpdateBy,
  newScriptFetched,
  progressOf,
  updateCheck,
  updateSettings,
  updateStateInPage,
} from "../checks/workerUpdate.ts";
import { cameWithin, notChecked, precondition, RECOMMENDED } from "../harness/applicability.ts";
import { expect, test } from "../harness/engineFixtures.ts";
import { checkProfileFirst } from "../harness/fixtures.ts";
import type { MockServer } from "../harness/mockServerProcess.ts";
import { FULL_WAIT_MS, WRITE_GRACE_MS } from "../harness/windows.ts";
import { countDocuments, DOCUMENT_POLL_MS, pageCountingDocuments } from "./engineDocuments.ts";
import { documentOf, goOffline, goOnline, mark, onLine, STATE_CHANGE_MS, switchOrNotChecked } from "./engineOnline.ts";
import { engineControl, headingOf, landOn, readPage, startClientNavigation, visitHeldIn } from "./enginePages.ts";
import {
  acceptPrompt,
  appliedIn,
  autoTakeover,
  ENGINE_UPDATE_WAIT_MS,
  freshlyActivated,
  NO_HTTP_CACHE,
  networkQuiet,
  newWorkerThere,
  notWithReopen,
  progressIn,
  settled,
  stateIn,
} from "./engineUpdates.ts";

test.describe("UPD-1 a deploy reaches the user", () => {
  // Install, activation and reloads of an update take Firefox and WebKit longer under load (ENGINE_UPDATE_WAIT_MS).
  test.slow();
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
      .poll(() => progressIn(enginePage, update), { timeout: ENGINE_UPDATE_WAIT_MS })
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

test.describe("UPD-1 an offline deploy", { tag: ONLINE_STATE_TAG }, () => {
  // Install, activation and reloads of an update take Firefox and WebKit longer under load (ENGINE_UPDATE_WAIT_MS).
  test.slow();
  checkProfileFirst(updateSettings);

  test("UPD-1 an update deployed while the page was offline reaches it once back online", RECOMMENDED, async ({ engineOf, engineServer, profile, facts }) => {
    const network = switchOrNotChecked();
    // Where the driver runs a script before the page's own (Firefox), Chromium's spy counts the
    // app's calls of registration.update() and register(); everywhere, a mark on the document shows a reload.
    const counted = engineOf.capabilities.scriptBeforePage;
    const page = await engineOf.newPage(counted ? { beforePage: [beforePage(installSpy, SPY_KEYS)] } : {});
    try {
      await engineControl(page, `${engineServer.origin}${profile.home}`, facts);
      await goOffline(page, network, engineServer);
      const { deploy } = await engineServer.deploy({ oldAssets: "keep" });
      if (counted) await page.evaluate((key) => sessionStorage.setItem(key, "0"), UPDATE_CHECKS_KEY);
      await mark(page, "original");
      await goOnline(network, engineServer);
      await precondition("the browser comes back online", () =>
        expect.poll(() => onLine(page), { message: "navigator.onLine", timeout: STATE_CHANGE_MS }).toBe(true),
      );
      // The test makes no update check of its own: the app's doing is what is judged, a reload (whose
      // navigation checks) or a call of update() or register(), then the new script fetched.
      // Read with a time limit: the app may be reloading the tab (readPage).
      const checks = () => readPage(page, updateChecksInPage, UPDATE_CHECKS_KEY).catch(() => 0);
      const asked = async () => (await documentOf(page)) !== "original" || (counted && (await checks()) > 0);
      const atOnce = await cameWithin("the app's own update check once back online", () => expect.poll(asked, { timeout: FULL_WAIT_MS }).toBe(true));
      if (!atOnce)
        notChecked(
          `no update check within ${FULL_WAIT_MS} ms of coming back online (no reload${counted ? ", no call of registration.update() or register()" : "; WebKit's driver cannot see a call of registration.update(), which needs a script before the page's own"}); a periodic check within the hour, which the rule accepts, shows only on a clock the test runs forward: Playwright's fake clock, in Chromium`,
        );
      await expect
        .poll(() => newScriptFetched(engineServer, profile, deploy), {
          message: "the app's update check fetched the deployed worker script",
          timeout: ENGINE_UPDATE_WAIT_MS,
        })
        .toBe(true);
    } finally {
      await goOnline(network, engineServer);
      await page.close();
    }
  });
});

test.describe("UPD-3 an open page survives the deploy", () => {
  // Install, activation and reloads of an update take Firefox and WebKit longer under load (ENGINE_UPDATE_WAIT_MS).
  test.slow();
  checkProfileFirst(updateSettings);

  test("UPD-3 an open page's client-side navigations work after a deploy", async ({ enginePage, engineServer, engineOf, profile, facts }) => {
    const update = updateSettings(profile);
    await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
    await enginePage.evaluate(armControllerChangeInPage, CHANGES_KEY);
    const { deploy, retired } = await engineServer.deploy({ oldAssets: "404" });
    await checkForUpdateBy(() => enginePage.evaluate(updateCheck, null), engineServer, profile, deploy);
    await newWorkerThere(enginePage);
    await autoTakeover(enginePage, update);
    // The first two listed pages (one, where the profile lists one), each reached by the app's own navigation.
    const targets = [...profile.pages.slice(0, 2), ...(update.lazyPage ? [update.lazyPage] : [])];
    for (const target of targets) {
      await startClientNavigation(enginePage, profile, target);
      await expect
        .poll(() => headingOf(enginePage, target).catch(() => null), {
          message: `${target.path}, reached client-side from the page open before the deploy`,
          timeout: ENGINE_UPDATE_WAIT_MS,
        })
        .toBe(target.heading)
        .catch(async (error: unknown) => {
          // A person's browser answers a file the deploy deleted from its HTTP cache, where the page's
          // worker fetched it before (Chromium's does here); WebKitWebDriver's sessions keep none, so the
          // navigation met the deletion itself: the recommended test's case, not this one's.
          if (!engineOf.capabilities.httpCache && (await freshInAPersonsCache(engineServer, await retiredAskedFor(engineServer, retired, deploy), deploy)))
            notChecked(
              `${engineOf.engine}: the navigation to ${target.path} asked the server for a file the deploy deleted, which a person's browser answers from its HTTP cache (served fresh before the deploy); the engine's driver keeps none, so this is the deleted-chunk case, judged by the recommended test`,
            );
          throw error;
        });
      await enginePage.evaluate(() => history.back(), null);
      await expect.poll(() => enginePage.evaluate(() => location.pathname, null).catch(() => null), { message: "back at home" }).toBe(profile.home);
    }
  });

  test("UPD-3 a chunk the deploy deleted leads to at most one reload into the new build", RECOMMENDED, async ({ engineOf, engineServer, profile, facts }) => {
    const update = updateSettings(profile);
    const lazy = update.lazyPage ?? notChecked("the profile names no page whose code loads only on its first visit (its update.lazyPage)");
    // Chromium clears its HTTP cache before the navigation; here none holds the build's files.
    await engineServer.addFault(NO_HTTP_CACHE);
    const page = await pageCountingDocuments(engineOf);
    try {
      await engineControl(page, `${engineServer.origin}${profile.home}`, facts);
      await settled(page, engineServer, engineOf);
      await page.evaluate(armControllerChangeInPage, CHANGES_KEY);
      const sinceDeploy = await countDocuments(page, engineOf);
      const { deploy, retired } = await engineServer.deploy({ oldAssets: "html-fallback" });
      await checkForUpdateBy(() => page.evaluate(updateCheck, null), engineServer, profile, deploy);
      await newWorkerThere(page);
      await autoTakeover(page, update);
      // As Chromium's notReloadedIntoNewBuild(): a page of the new build has no chunk of the old to lose.
      await cameWithin("the new worker is activated", () =>
        expect.poll(async () => (await stateIn(page))?.controllerState, { timeout: ENGINE_UPDATE_WAIT_MS }).toBe("activated"),
      );
      await networkQuiet(engineServer, sinceDeploy);
      if ((await sinceDeploy.read()) > 0) notChecked(RELOADED_INTO_NEW_BUILD);
      // What the new worker's cleanup leaves the old page (specs/checks/staleFiles.ts).
      await page.evaluate(evictUnloadedInPage, { which: "scripts-and-styles", keep: [] });
      const documents = await countDocuments(page, engineOf);
      await startClientNavigation(page, profile, lazy);
      const shown = () => headingOf(page, lazy).catch(() => null);
      const heading = await expect
        .poll(shown, { timeout: ENGINE_UPDATE_WAIT_MS, intervals: [DOCUMENT_POLL_MS] })
        .toBe(lazy.heading)
        .then(
          () => lazy.heading,
          async () => shown(),
        );
      if ((await retiredAskedFor(engineServer, retired, deploy)).length === 0) notChecked(nothingRetiredAsked(lazy.path));
      expect(heading, `${lazy.path}, whose chunk the deploy deleted, reached client-side from the page open before it`).toBe(lazy.heading);
      // A server-rendered heading shows before the page's code runs: it must still be there once the
      // network is quiet, not turned into an error view by a chunk failing again.
      await networkQuiet(engineServer, documents);
      expect(await shown(), `${lazy.path} once its document has loaded`).toBe(lazy.heading);
      expect(await documents.read(), `reloads on the way to the page whose chunk was deleted (new documents, ${documents.how})`).toBeLessThanOrEqual(1);
    } finally {
      await page.close();
    }
  });
});

test.describe("UPD-5 the worker script is never pinned by an HTTP cache", () => {
  // Install, activation and reloads of an update take Firefox and WebKit longer under load (ENGINE_UPDATE_WAIT_MS).
  test.slow();
  test("UPD-5 an update check after a deploy reaches the server for the worker script", async ({ enginePage, engineServer, profile, facts }) => {
    await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
    // A check before the deploy first, as an earlier visit made (specs/updates.spec.ts says why).
    await enginePage.evaluate(updateCheck, null);
    const { deploy } = await engineServer.deploy({ oldAssets: "keep" });
    await enginePage.evaluate(updateCheck, null);
    const asked = async () =>
      (await engineServer.journal()).some((entry) => entry.deploy >= deploy && new URL(entry.url, engineServer.origin).pathname === profile.worker.script);
    await expect.poll(asked, { message: `the update check asked the server for ${profile.worker.script}`, timeout: ENGINE_UPDATE_WAIT_MS }).toBe(true);
  });
});

const installView = (page: EnginePage) => installViewOf(page.evaluate.bind(page), () => stateIn(page));

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
  // Install, activation and reloads of an update take Firefox and WebKit longer under load (ENGINE_UPDATE_WAIT_MS).
  test.slow();
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

test.describe("UPD-6 stored pages survive an update", () => {
  // Install, activation and reloads of an update take Firefox and WebKit longer under load (ENGINE_UPDATE_WAIT_MS).
  test.slow();
  checkProfileFirst(notWithReopen);

  test("UPD-6 a page stored before an update still opens offline after it", async ({ enginePage, engineServer, engineOf, app, profile, facts }) => {
    const update = updateSettings(profile);
    const { origin } = engineServer;
    const stored = app.page(0);
    await engineControl(enginePage, `${origin}${profile.home}`, facts);
    // Held before the update, and served offline then: NAV-1's, NAV-3's and NAV-4's subjects,
    // preconditions here. Firefox serves no offline navigation of the Next.js app even before a
    // deploy (its navigation preload fails: NAV-4), which this clause must not count a second time.
    await visitHeldIn(enginePage, origin, stored.path, facts);
    await precondition(`${stored.path} opens offline before the update (NAV-4)`, async () => {
      await serverOffline(engineServer);
      const before = await landOn(enginePage, `${origin}${stored.path}`);
      await serverOnline(engineServer);
      expect(before.controlled, `offline, before the update: ${before.summary}`).toBe(true);
    });
    await enginePage.goto(`${origin}${profile.home}`);
    await enginePage.evaluate(armControllerChangeInPage, CHANGES_KEY);
    const { deploy } = await engineServer.deploy({ oldAssets: "keep" });
    await checkForUpdateBy(() => enginePage.evaluate(updateCheck, null), engineServer, profile, deploy);
    await acceptPrompt(enginePage, update);
    const applied = await cameWithin("the update is applied (UPD-1's subject)", () =>
      expect.poll(() => appliedIn(enginePage, update, profile, engineOf), { timeout: ENGINE_UPDATE_WAIT_MS }).toBe(APPLIED),
    );
    if (!applied)
      notChecked(`the update was never applied (${await progressIn(enginePage, update)}), so nothing can be judged after it (UPD-1's tests say why)`);
    await serverOffline(engineServer);
    const outcome = await landOn(enginePage, `${origin}${stored.path}`);
    expect(outcome.controlled, `offline, after the update, a navigation to ${stored.path}, held before it: ${outcome.summary}`).toBe(true);
    await expect.poll(() => headingOf(enginePage, stored), { message: `${stored.path} offline after the update` }).toBe(stored.heading);
  });
});
