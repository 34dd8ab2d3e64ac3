/**
 * UPD-1..5: the next deploy. The mock server deploys a new build in the middle of the test
 * (`POST /__mock/deploy`: the reference app's second build, or an app's worker script with new bytes
 * behind the proxy) and the page's update check finds it. How the app applies an update is in its
 * profile (`update`); what each fixture does, and why, is by hand in docs/update-behaviours.md.
 *
 * Only UPD-3's deploys retire the old build's files, its subject. The others keep them: behind the
 * proxy the "new" worker is the same build, and one that fetches its whole precache again at install
 * (a hand-written `cache.addAll`) would meet its own files retired, where a real new build lists its own.
 */
import type { Locator, Page } from "@playwright/test";
import type { Profile } from "../cli/profile/profileSchema.ts";
import type { AppFacts } from "../kit/appFacts.ts";
import { installFakeClock } from "../kit/fakeClock.ts";
import { SUITE_NOTE } from "../kit/outcomes.ts";
import { activeWorkerState } from "./checks/browserState.ts";
import { describeDocumentState, documentState, inSettledDocument, markDocument, markSettledDocument } from "./checks/documentMarker.ts";
import { armInstallWatchInPage, awaitFailedInstall, failTheInstall, INSTALL_END_MS, inPage, installViewOf, oldWorkerInPage } from "./checks/failedInstall.ts";
import { visitHeld } from "./checks/heldPage.ts";
import { exactPaths, lazyCodeOf, nothingRetiredAsked, RELOADED_INTO_NEW_BUILD, retiredAskedFor } from "./checks/lazyCode.ts";
import { navigate } from "./checks/navigation.ts";
import { goOffline, goOnline, holdOffline } from "./checks/offline.ts";
import { UPDATE_CHECKS_KEY, updateChecksInPage } from "./checks/spy.ts";
import { clearHttpCache, evictUnloaded } from "./checks/staleFiles.ts";
import {
  APPLIED,
  applyUpdate,
  armControllerChange,
  awaitAutoTakeover,
  checkForUpdate,
  expectUpdateApplied,
  newScriptFetched,
  newWorkerArrived,
  PERIODIC_CHECK_MS,
  TIMER_AFTERMATH_MS,
  UPDATE_WAIT_MS,
  updateCheck,
  updateProgress,
  updateSettings,
  updateState,
} from "./checks/workerUpdate.ts";
import { cameWithin, notChecked, precondition, RECOMMENDED, stimulus } from "./harness/applicability.ts";
import { takeControl } from "./harness/control.ts";
import { checkProfileFirst, expect, test } from "./harness/fixtures.ts";
import type { MockServer } from "./harness/mockServerProcess.ts";
import { FULL_WAIT_MS, WRITE_GRACE_MS } from "./harness/windows.ts";

/** Counts the tab's document loads from now on (a reload is one; same-document navigations are none). */
/** What the UPD-2 wait reads once the tab has reloaded twice since the deploy. */
const RELOADED_TWICE = "reloaded twice";

function countLoads(page: Page): () => number {
  let loads = 0;
  page.on("domcontentloaded", () => {
    loads += 1;
  });
  return () => loads;
}

/**
 * Not checked when the app reloaded itself once its new worker was active (vite-plugin-pwa's
 * `autoUpdate` does, on workbox-window's `activated`): the open page is then a page of the new
 * build, answered from the new worker's precache, and no page of the old build is left to lose its
 * chunk. Behind the proxy the new build names the old build's files, which the deploy retired, so a
 * failure of its own code could not be told from the old page's: a deploy of a real second build
 * (the reference app's) would let the kit judge it.
 */
async function notReloadedIntoNewBuild(page: Page, loadsSinceDeploy: () => number): Promise<void> {
  // Once the page reads `activated`, the state change that starts such a reload has reached it; then the document settles.
  await cameWithin("the new worker is activated", () => expect.poll(() => activeWorkerState(page)).toBe("activated"));
  await inSettledDocument(page, async () => undefined);
  if (loadsSinceDeploy() > 0) {
    notChecked(RELOADED_INTO_NEW_BUILD);
  }
}

/** Waits until the new worker is there (installing, waiting or in control): the update has reached the registration. */
async function newWorkerThere(page: Page): Promise<void> {
  await stimulus("a new worker after the update check", "worker.script", () =>
    expect.poll(() => newWorkerArrived(page), { message: "a new worker installing, waiting or in control", timeout: UPDATE_WAIT_MS }).toBe(true),
  );
}

test.describe("UPD-1 a deploy reaches the user", () => {
  checkProfileFirst(updateSettings);

  test("UPD-1 a deploy's new worker takes control of the app after the app's own update step", async ({ controlledPage: page, mock, profile }) => {
    const context = page.context();
    const update = updateSettings(profile);
    await armControllerChange(page);
    const { deploy } = await mock.deploy({ oldAssets: "keep" });
    await checkForUpdate(page, mock, profile, deploy);
    const shown = await applyUpdate(page, context, profile.home, update);
    await expectUpdateApplied(shown, update, `the new worker controls the app after its update step (${update.activation})`);
  });

  test("UPD-1 an update deployed while the page was offline reaches it once back online", RECOMMENDED, async ({ page, mock, profile, facts }) => {
    const context = page.context();
    // On the fake clock, ticking (kit/fakeClock.ts): a periodic update check can be run forward.
    await installFakeClock(page);
    await precondition(`a service worker controls ${profile.home} (REG-2)`, () => takeControl(page, profile.home, facts));
    await goOffline(context, mock);
    const { deploy } = await mock.deploy({ oldAssets: "keep" });
    await page.evaluate((key) => sessionStorage.setItem(key, "0"), UPDATE_CHECKS_KEY);
    const loads = countLoads(page);
    await goOnline(context, mock);
    // The test makes no update check of its own. Chromium may still run one it scheduled after an
    // earlier navigation of the tab, so the app's own doing is what is judged: a reload (whose
    // navigation checks) or a call of update() or register(), then the new script fetched.
    const asked = async () => loads() > 0 || (await page.evaluate(updateChecksInPage, UPDATE_CHECKS_KEY).catch(() => 0)) > 0;
    const atOnce = await cameWithin("the app's own update check once back online", () => expect.poll(asked, { timeout: FULL_WAIT_MS }).toBe(true));
    if (!atOnce) {
      // A periodic check counts when it comes within PERIODIC_CHECK_MS of being back online
      // (docs/conformance.md, UPD-1): the fake clock runs that long at once.
      await page.clock.runFor(PERIODIC_CHECK_MS);
      await expect
        .poll(asked, {
          message: `the app checked for an update once back online (a reload, or a call of registration.update()), at once or by a periodic check within ${PERIODIC_CHECK_MS / 60_000} minutes`,
          timeout: TIMER_AFTERMATH_MS,
        })
        .toBe(true);
    }
    await expect
      .poll(() => newScriptFetched(mock, profile, deploy), { message: "the app's update check fetched the deployed worker script", timeout: UPDATE_WAIT_MS })
      .toBe(true);
  });
});

test.describe("UPD-2 reloads on an update", () => {
  checkProfileFirst(updateSettings);

  /** From the deploy until the update is applied, and once it is: at most one reload, then the same document. */
  async function reloadsAtMostOnce(page: Page, mock: MockServer, profile: Profile): Promise<void> {
    const update = updateSettings(profile);
    await armControllerChange(page);
    const loads = countLoads(page);
    const { deploy } = await mock.deploy({ oldAssets: "keep" });
    await checkForUpdate(page, mock, profile, deploy);
    const shown = await applyUpdate(page, page.context(), profile.home, update);
    // A reopened tab's first load is not a reload; the closed tab's loads ended with it.
    const reloads = () => (update.activation === "reopen" ? 0 : loads());
    // A second reload breaks the rule whatever follows (a page that reloads while a worker waits
    // loops for ever, and its update never applies): the wait for the update ends there too.
    let progress = "";
    await cameWithin("the update is applied (UPD-1's subject), or the tab reloads a second time", () =>
      expect
        .poll(async () => (progress = reloads() > 1 ? RELOADED_TWICE : await updateProgress(shown, update)), { timeout: UPDATE_WAIT_MS })
        .toMatch(new RegExp(`^(${APPLIED}|${RELOADED_TWICE})$`)),
    );
    expect(reloads(), `reloads of the tab since the deploy, the update ${progress === APPLIED ? "applied" : "not applied"}`).toBeLessThanOrEqual(1);
    if (progress !== APPLIED) notChecked("the update was never applied, so its reloads cannot be counted (UPD-1's tests say why)");
    await shown.waitForLoadState("networkidle");
    await markSettledDocument(shown, "after the update");
    await shown.waitForLoadState("networkidle");
    const state = await documentState(shown);
    expect(state, `once the update was applied: ${describeDocumentState(state)}`).toEqual({ marker: "after the update", leaving: false });
    expect(reloads(), "reloads of the tab from the deploy until the update was applied").toBeLessThanOrEqual(1);
  }

  /** Unsaved text in the profile's field when the update arrives and, where the app applies it by itself, takes over: no reload, the text still there. */
  async function keepsUnsavedInput(page: Page, mock: MockServer, profile: Profile, field: Locator, typed: string): Promise<void> {
    const update = updateSettings(profile);
    await markDocument(page, "typing");
    await armControllerChange(page);
    const { deploy } = await mock.deploy({ oldAssets: "keep" });
    await checkForUpdate(page, mock, profile, deploy);
    // The update arrives and, where the app applies it by itself, takes over; the person does nothing.
    await newWorkerThere(page);
    await awaitAutoTakeover(page, update);
    await inputKept(page, field, typed, "after the update arrived");
  }

  /** Once the network is quiet: the document marked "typing" is still there, and so is the text. */
  async function inputKept(page: Page, field: Locator, typed: string, when: string): Promise<void> {
    await page.waitForLoadState("networkidle");
    const state = await documentState(page);
    expect(state, `with unsaved input, ${when}: ${describeDocumentState(state)}; expected no reload`).toEqual({ marker: "typing", leaving: false });
    await expect(field, "what the person typed is still there").toHaveValue(typed);
  }

  /**
   * A tab like a person's when a deploy lands: loaded under the worker that controls it now (a
   * reload once it took control), not the first visit the worker claimed. A shell that reloads
   * whenever a new worker replaces the one it loaded under acts only here.
   */
  async function loadedUnderTheWorker(page: Page, path: string, facts: AppFacts): Promise<void> {
    await precondition(`a service worker controls ${path} (REG-2)`, () => takeControl(page, path, facts));
    await precondition(`${path} reloaded under the worker's control`, async () => {
      // An app that reloads itself when the worker first takes control races this reload (either
      // may cancel the other: ERR_ABORTED, a detached frame) and leaves the same thing, a document
      // loaded under the worker: the poll below, not the reload's own outcome, decides.
      await page.reload().catch(() => undefined);
      await expect
        .poll(
          () =>
            page
              .evaluate(() => {
                const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
                return document.readyState === "complete" && navigator.serviceWorker.controller !== null && (entry?.workerStart ?? 0) > 0;
              })
              .catch(() => false),
          { message: "a document loaded through the worker, which controls it" },
        )
        .toBe(true);
    });
  }

  test("UPD-2 an update reloads the page at most once", async ({ controlledPage: page, mock, profile }) => {
    await reloadsAtMostOnce(page, mock, profile);
  });

  test("UPD-2 an update reloads a page loaded under the old worker at most once", async ({ page, mock, profile, facts }) => {
    await loadedUnderTheWorker(page, profile.home, facts);
    await reloadsAtMostOnce(page, mock, profile);
  });

  test("UPD-2 an update does not reload a page with unsaved input", RECOMMENDED, async ({ page, mock, profile, facts }) => {
    const input = updateSettings(profile).input ?? notChecked("the profile names no text field the person types into (its update.input)");
    await precondition(`a service worker controls ${input.path} (REG-2)`, () => takeControl(page, input.path, facts));
    const field = page.getByRole("textbox", { name: input.label, exact: true });
    const typed = "Unsaved words the person typed";
    await stimulus(`typing into the field '${input.label}' on ${input.path}`, "update.input", () => field.fill(typed, { timeout: 5_000 }));
    await keepsUnsavedInput(page, mock, profile, field, typed);
  });

  test(
    "UPD-2 an update does not reload a page loaded under the old worker with unsaved input, the focus elsewhere",
    RECOMMENDED,
    async ({ page, mock, profile, facts }) => {
      const input = updateSettings(profile).input ?? notChecked("the profile names no text field the person types into (its update.input)");
      await loadedUnderTheWorker(page, input.path, facts);
      const field = page.getByRole("textbox", { name: input.label, exact: true });
      const typed = "Unsaved words the person typed, then left";
      await stimulus(`typing into the field '${input.label}' on ${input.path}, then moving the focus away`, "update.input", async () => {
        await field.fill(typed, { timeout: 5_000 });
        await field.blur();
        expect(await field.evaluate((element) => element !== document.activeElement), "the focus left the field").toBe(true);
      });
      await keepsUnsavedInput(page, mock, profile, field, typed);
    },
  );

  test("UPD-2 an update applied from another tab does not reload a tab with unsaved input", RECOMMENDED, async ({ page, mock, profile, facts }) => {
    const update = updateSettings(profile);
    const input = update.input ?? notChecked("the profile names no text field the person types into (its update.input)");
    if (update.activation === "reopen") {
      notChecked(
        'the app applies an update once every tab is closed (update.activation "reopen"), the typing tab too: no other tab can apply it while that one is open',
      );
    }
    await precondition(`a service worker controls ${input.path} (REG-2)`, () => takeControl(page, input.path, facts));
    const field = page.getByRole("textbox", { name: input.label, exact: true });
    const typed = "Unsaved words in a tab the person left for another";
    await stimulus(`typing into the field '${input.label}' on ${input.path}`, "update.input", () => field.fill(typed, { timeout: 5_000 }));
    await markDocument(page, "typing");
    await armControllerChange(page);
    const other = await page.context().newPage();
    await precondition(`a second tab of the app at ${profile.home}, under the worker`, () => takeControl(other, profile.home, facts));
    await armControllerChange(other);
    const { deploy } = await mock.deploy({ oldAssets: "keep" });
    // The other tab finds the update and applies it as the app does: by itself (auto), or once the
    // person accepts it there (prompt). The tab with the typed text is left alone.
    await checkForUpdate(other, mock, profile, deploy);
    const { accept } = update;
    if (update.activation === "prompt" && accept !== undefined) {
      // A person who accepts in the other tab has come from the typing tab, which the update reached
      // too: its prompt shows there first (the engines' test waits the same way, where a background
      // tab's timers may run late).
      await cameWithin(`the typing tab shows the app's prompt too (a button named '${accept}')`, () =>
        expect(page.getByRole("button", { name: accept, exact: true })).toBeVisible({ timeout: UPDATE_WAIT_MS }),
      );
    }
    await applyUpdate(other, other.context(), profile.home, update);
    const applied = await cameWithin("the update is applied in the other tab (UPD-1's subject)", () =>
      expectUpdateApplied(other, update, "the update was applied"),
    );
    if (!applied) notChecked("the update was never applied in the other tab, so it cannot have reached this one (UPD-1's tests say why)");
    // The new worker controls the typing tab too (clients.claim), or waits there: either way it has arrived.
    await cameWithin("the new worker takes over the typing tab too", () =>
      expect.poll(async () => (await updateState(page))?.changed ?? false, { timeout: UPDATE_WAIT_MS }).toBe(true),
    );
    await inputKept(page, field, typed, "after the update was applied from another tab");
  });
});

test.describe("UPD-3 an open page survives the deploy", () => {
  checkProfileFirst(updateSettings);

  test("UPD-3 an open page's client-side navigations work after a deploy", async ({ controlledPage: page, mock, profile, app }) => {
    const update = updateSettings(profile);
    await armControllerChange(page);
    const { deploy } = await mock.deploy({ oldAssets: "404" });
    await checkForUpdate(page, mock, profile, deploy);
    await newWorkerThere(page);
    await awaitAutoTakeover(page, update);
    // The first two listed pages (one, where the profile lists one), each reached by the app's own navigation.
    const targets = [...profile.pages.slice(0, 2), ...(update.lazyPage ? [update.lazyPage] : [])];
    for (const target of targets) {
      await app.startClientNavigation(page, target);
      await expect(app.heading(page, target), `${target.path}, reached client-side from the page open before the deploy`).toHaveText(target.heading, {
        timeout: UPDATE_WAIT_MS,
      });
      await page.goBack();
      await expect(page, "back at home").toHaveURL((url) => url.pathname === profile.home);
    }
  });

  test("UPD-3 a chunk the deploy deleted leads to at most one reload into the new build", RECOMMENDED, async ({ controlledPage: page, mock, profile, app }) => {
    const update = updateSettings(profile);
    const lazy = update.lazyPage ?? notChecked("the profile names no page whose code loads only on its first visit (its update.lazyPage)");
    await armControllerChange(page);
    const loadsSinceDeploy = countLoads(page);
    const { deploy, retired } = await mock.deploy({ oldAssets: "html-fallback" });
    await checkForUpdate(page, mock, profile, deploy);
    await newWorkerThere(page);
    await awaitAutoTakeover(page, update);
    await notReloadedIntoNewBuild(page, loadsSinceDeploy);
    // What the new worker's cleanup and a cold HTTP cache leave the old page (staleFiles.ts).
    await evictUnloaded(page, "scripts-and-styles");
    await clearHttpCache(page);
    const loads = countLoads(page);
    await app.startClientNavigation(page, lazy);
    try {
      await expect(app.heading(page, lazy), `${lazy.path}, whose chunk the deploy deleted, reached client-side from the page open before it`).toHaveText(
        lazy.heading,
        { timeout: UPDATE_WAIT_MS },
      );
    } catch (error) {
      if ((await retiredAskedFor(mock, retired, deploy)).length === 0) {
        notChecked(nothingRetiredAsked(lazy.path));
      }
      throw error;
    }
    if ((await retiredAskedFor(mock, retired, deploy)).length === 0) {
      notChecked(nothingRetiredAsked(lazy.path));
    }
    // A server-rendered heading shows before the page's code runs: it must still be there once the
    // document that shows it has loaded, not turned into an error view by a chunk failing again.
    await inSettledDocument(page, () =>
      expect(app.heading(page, lazy), `${lazy.path} once its document has loaded`).toHaveText(lazy.heading, { timeout: UPDATE_WAIT_MS }),
    );
    expect(loads(), "reloads on the way to the page whose chunk was deleted").toBeLessThanOrEqual(1);
  });

  test(
    "UPD-3 a chunk missing from the new build too ends in the application-error view after at most one reload",
    RECOMMENDED,
    async ({ controlledPage: page, mock, profile, app, apartPage }) => {
      const update = updateSettings(profile);
      const lazy = update.lazyPage ?? notChecked("the profile names no page whose code loads only on its first visit (its update.lazyPage)");
      const errorView =
        profile.fallbacks.clientError ??
        notChecked("the profile names no application-error view (fallbacks.clientError with its text), so the kit cannot tell it on the page");
      await armControllerChange(page);
      const { deploy, retired } = await mock.deploy({ oldAssets: "404" });
      await checkForUpdate(page, mock, profile, deploy);
      await newWorkerThere(page);
      await awaitAutoTakeover(page, update);
      // The fault outlives the deploy: the new build's own code for the page is missing too (an upload
      // half done, a CDN that has not caught up), so the one reload cannot help and a second would loop.
      const newCode = await stimulus(`a fresh tab's client-side navigation to ${lazy.path} after the deploy`, "update.lazyPage", async () =>
        lazyCodeOf(await apartPage(), mock, app, profile.home, lazy),
      );
      if (newCode.length === 0) notChecked(`a fresh tab's navigation to ${lazy.path} asked for no script: its code does not load on its first visit`);
      for (const regex of exactPaths(newCode))
        await mock.addFault({ path: { regex }, status: 404, name: "UPD-3: the page's code is missing from the new build too" });
      test
        .info()
        .annotations.push({ type: SUITE_NOTE, description: `UPD-3's stimulus: the new build's code for ${lazy.path} answers 404 (${newCode.join(", ")})` });
      await evictUnloaded(page, "scripts-and-styles");
      await clearHttpCache(page);
      const failing = new Set([...retired, ...newCode]);
      const since = Math.max(0, ...(await mock.journal()).map((entry) => entry.id));
      const loads = countLoads(page);
      await app.startClientNavigation(page, lazy);
      // Read at once, not awaited: a reload may be under way.
      const errorShown = () =>
        app
          .textHolder(page, errorView)
          // biome-ignore lint/performance/useDomNodeTextContent: what a person reads, as toContainText's useInnerText below.
          .innerText({ timeout: 1_000 })
          .then(
            (text) => text.includes(errorView.text),
            () => false,
          );
      const ended = await cameWithin("the application-error view, or a second reload", () =>
        expect.poll(async () => loads() > 1 || (await errorShown()), { timeout: UPDATE_WAIT_MS }).toBe(true),
      );
      const failed = (await mock.journal()).filter(
        (entry) => entry.id > since && entry.status === 404 && failing.has(new URL(entry.url, mock.origin).pathname),
      );
      if (failed.length === 0) {
        notChecked(
          `the navigation to ${lazy.path} asked for none of its code the deploy retired or the new build lacks: it was still at hand, so nothing failed`,
        );
      }
      expect(loads(), `reloads after ${lazy.path}'s code failed to load, in the old build and again in the new one`).toBeLessThanOrEqual(1);
      expect(ended, `the application-error view ("${errorView.text}") within ${UPDATE_WAIT_MS / 1000} s of the navigation, once the code failed to load`).toBe(
        true,
      );
      await inSettledDocument(page, () =>
        expect(app.textHolder(page, errorView), "the application-error view once its document has loaded").toContainText(errorView.text, {
          useInnerText: true,
        }),
      );
      expect(loads(), "reloads once the application-error view showed").toBeLessThanOrEqual(1);
    },
  );
});

/** failTheInstall's stimulus, and Chromium's HTTP cache cleared so the removed file is asked of the server. */
async function failTheInstallIn(page: Page, mock: MockServer, workerScript: string): Promise<{ faultId: string; removed: string[] }> {
  const stimulus = await failTheInstall(inPage(page), mock, workerScript);
  await clearHttpCache(page);
  return stimulus;
}

/**
 * UPD-4 judges the failed install, not whether the worker stores pages (NAV-4, NAV-7): home, first
 * loaded before any worker, is loaded again under the worker's control, where a page-cache worker
 * stores it, and must open offline before the deploy. Where it does not, the offline reload after the
 * failed install would fail whatever the install did: the test ends inconclusive, naming the clauses.
 */
async function homeOpensOfflineBeforeDeploy(page: Page, mock: MockServer, facts: AppFacts): Promise<void> {
  const context = page.context();
  await precondition(`home opens offline from the worker before the deploy, once loaded under its control (NAV-4, NAV-7)`, async () => {
    await page.reload();
    if (facts.design?.value === "page cache") {
      await cameWithin("home stored in Cache Storage under its URL", () =>
        expect.poll(() => page.evaluate(async () => (await caches.match(location.href)) !== undefined), { timeout: WRITE_GRACE_MS }).toBe(true),
      );
    }
    await holdOffline(page, context, mock);
    const response = await page.reload().catch(() => null);
    expect(response?.status() ?? "no answer (the browser's offline page)", "home reloaded offline before the deploy").toBe(200);
    await goOnline(context, mock);
  });
}

test.describe("UPD-4 a failed install leaves the old worker", () => {
  checkProfileFirst(updateSettings);

  async function startFailingUpdate(page: Page, mock: MockServer, workerScript: string): Promise<void> {
    const { faultId, removed } = await failTheInstallIn(page, mock, workerScript);
    await page.evaluate(armInstallWatchInPage);
    await armControllerChange(page);
    const { deploy } = await mock.deploy({ oldAssets: "keep" });
    await page.evaluate(updateCheck);
    await awaitFailedInstall(
      installViewOf(inPage(page), () => updateState(page)),
      mock,
      { faultId, removed, deploy },
    );
  }

  test("UPD-4 a new worker whose install fails leaves the old one in control, offline too", async ({ controlledPage: page, mock, profile, facts }) => {
    const context = page.context();
    await homeOpensOfflineBeforeDeploy(page, mock, facts);
    await startFailingUpdate(page, mock, profile.worker.script);
    // The install ends, or hangs (UPD-4's recommended test); either way it must not take over.
    await cameWithin("the failed install ends", () =>
      expect.poll(async () => (await updateState(page))?.installing ?? true, { timeout: INSTALL_END_MS }).toBe(false),
    );
    const still = await page.evaluate(oldWorkerInPage);
    expect(still, "the worker that controlled the page before the failed update").toEqual({ sameController: true, active: "activated" });
    expect((await updateState(page))?.changed, "the controller changed").toBe(false);
    await holdOffline(page, context, mock);
    const response = await page.reload();
    expect(response?.status(), "home reloaded offline after the failed install, answered by the old worker (it opened offline before the deploy)").toBe(200);
  });

  test("UPD-4 a new worker whose install fails is discarded at once", RECOMMENDED, async ({ controlledPage: page, mock, profile }) => {
    await startFailingUpdate(page, mock, profile.worker.script);
    await expect
      .poll(
        async () => {
          const state = await updateState(page);
          return state?.installing ? "a worker still installing" : state?.waiting ? "a worker waiting" : "none";
        },
        { message: "no new worker left installing or waiting after its install failed", timeout: INSTALL_END_MS },
      )
      .toBe("none");
  });
});

test.describe("UPD-5 the worker script is never pinned by an HTTP cache", () => {
  test("UPD-5 an update check after a deploy reaches the server for the worker script", async ({ controlledPage: page, mock, profile }) => {
    // First a check before the deploy, as a returning visitor's browser made on an earlier visit: a
    // script the browser may read from its HTTP cache is stored by a check's fetch, so a pinned one
    // shows from the second check on (WebKitGTK asks the server on a registration's first check
    // whatever its updateViaCache: docs/engines.md). specs/engines/updates.spec.ts does the same.
    await page.evaluate(updateCheck);
    const { deploy } = await mock.deploy({ oldAssets: "keep" });
    await page.evaluate(updateCheck);
    await expect
      .poll(async () => (await mock.journal()).some((entry) => entry.deploy >= deploy && new URL(entry.url, mock.origin).pathname === profile.worker.script), {
        message: `the update check asked the server for ${profile.worker.script}`,
        timeout: UPDATE_WAIT_MS,
      })
      .toBe(true);
  });

  test("UPD-5 the worker script and its imported scripts are served to be revalidated", RECOMMENDED, async ({ controlledPage: _open, mock, profile }) => {
    const journal = await mock.journal();
    const workerUrl = (entry: { url: string }) => new URL(entry.url, mock.origin).pathname === profile.worker.script;
    const script = journal.find((entry) => workerUrl(entry) && entry.status === 200);
    if (!script) notChecked(`the journal has no answer of ${profile.worker.script} with its body (status 200) since the test opened the app`);
    const revalidated = (cacheControl: string | undefined) => /\b(no-cache|no-store|max-age=0)\b/.test(cacheControl ?? "");
    // A content hash: a run of 8 or more letters and digits, at least one a digit, before `.js` (`workbox-c44686f0.js`).
    const hashed = (url: string) => /[-._](?=[A-Za-z0-9_]*\d)[A-Za-z0-9_]{8,}\.m?js$/.test(new URL(url, mock.origin).pathname);
    expect(script.responseHeaders["cache-control"] ?? "(none)", `Cache-Control of ${profile.worker.script}`).toMatch(/\b(no-cache|no-store|max-age=0)\b/);
    const imports = journal.filter((entry) => entry.fromWorker === true && entry.secFetchDest === "script" && !workerUrl(entry) && entry.status !== null);
    const pinned = imports.filter((entry) => !hashed(entry.url) && !revalidated(entry.responseHeaders["cache-control"])).map((entry) => entry.url);
    expect(pinned, "scripts the worker imports with neither a content hash in the name nor a Cache-Control that revalidates").toEqual([]);
  });
});

test.describe("UPD-6 stored pages survive an update", () => {
  checkProfileFirst(updateSettings);

  test("UPD-6 a page stored before an update still opens offline after it", async ({ controlledPage: page, mock, profile, app, baseURL }) => {
    const context = page.context();
    const update = updateSettings(profile);
    const stored = app.page(0);
    // Held before the update: NAV-1 and NAV-3's subject, a precondition here.
    await visitHeld(page, mock, stored.path, baseURL);
    await app.confirmShown(page, stored);
    await page.goto(profile.home);
    await armControllerChange(page);
    const { deploy } = await mock.deploy({ oldAssets: "keep" });
    await checkForUpdate(page, mock, profile, deploy);
    const shown = await applyUpdate(page, context, profile.home, update);
    const applied = await cameWithin("the update is applied (UPD-1's subject)", () => expectUpdateApplied(shown, update, "the update was applied"));
    if (!applied) notChecked("the update was never applied, so nothing can be judged after it (UPD-1's tests say why)");
    await holdOffline(shown, context, mock);
    const outcome = await navigate(shown, stored.path);
    expect(outcome.fromServiceWorker, `offline, after the update, a navigation to ${stored.path}, held before it: ${outcome.summary}`).toBe(true);
    await expect(app.heading(shown, stored), `${stored.path} offline after the update`).toHaveText(stored.heading);
  });
});
