/**
 * The steps of a worker update that the UPD specs share: the deploy's update check, the journal's
 * word that the new script was fetched (the stimulus), the app's own step to apply it (its profile's
 * `update.activation`) and the registration's state afterwards.
 */
import type { BrowserContext, Page } from "@playwright/test";
import type { Profile } from "../../cli/profile/profileSchema.ts";
import { cameWithin, notChecked, stimulus } from "../harness/applicability.ts";
import { expect } from "../harness/expect.ts";
import type { MockServer } from "../harness/mockServerProcess.ts";
import { inSettledDocument } from "./documentMarker.ts";

/**
 * How long an update gets to install, to take over or to end: a new worker fetches a build's files
 * and Chromium starts it, on a busy 2-core machine. Twice the suite's usual 5 s wait.
 */
export const UPDATE_WAIT_MS = 10_000;

/**
 * UPD-1 recommended: the longest period of an app's own update check that still counts as finding
 * an update once back online, the period vite-plugin-pwa's "Periodic Service Worker Updates" guide
 * shows (docs/conformance.md, UPD-1).
 */
export const PERIODIC_CHECK_MS = 60 * 60_000;

/** Real time an update check a timer started takes to reach the worker container (a getRegistration() first, say). */
export const TIMER_AFTERMATH_MS = 2_000;

export type UpdateSettings = NonNullable<Profile["update"]>;

/** The profile's `update`, or the test ends not checked naming the field. */
export function updateSettings(profile: Profile): UpdateSettings {
  if (!profile.update) {
    return notChecked("the profile does not say how the app applies an update (its update.activation: auto, prompt or reopen); `init` finds it out");
  }
  const { lazyPage } = profile.update;
  // A lazy page the profile also lists with its link is reached by that link, as the app's own
  // navigation: a bare history.pushState moves only apps whose router listens to popstate
  // (SvelteKit's does not), and a navigation that never happens says nothing of the deploy.
  const listed = lazyPage && !lazyPage.link ? profile.pages.find((page) => page.path === lazyPage.path && page.link) : undefined;
  return listed && lazyPage ? { ...profile.update, lazyPage: { ...lazyPage, link: listed.link } } : profile.update;
}

/** sessionStorage key the armed listener counts `controllerchange` events under: it outlives a reload of the tab. */
export const CHANGES_KEY = "__pck_controller_changes";

/** Counts the page's `controllerchange` events from now on, in this document (a reload after one keeps the count). */
export async function armControllerChange(page: Page): Promise<void> {
  // An app that reloads on every controllerchange may still be reloading from its first takeover.
  await inSettledDocument(page, () => arm(page));
}

async function arm(page: Page): Promise<void> {
  await page.evaluate(armControllerChangeInPage, CHANGES_KEY);
}

/**
 * armControllerChange() in the page, for any engine's evaluate: counts under `key`, and marks the
 * document it listens in (`armed` in updateStateInPage), so a listener lost with its document shows.
 */
export function armControllerChangeInPage(key: string): void {
  sessionStorage.setItem(key, "0");
  (window as { __pckChangesArmed?: boolean }).__pckChangesArmed = true;
  navigator.serviceWorker.addEventListener("controllerchange", () => sessionStorage.setItem(key, String(Number(sessionStorage.getItem(key) ?? "0") + 1)));
}

/** What the tab's registration looks like: whether the armed listener saw the controller change. */
export interface UpdateState {
  readonly changed: boolean;
  /** The document is the one the listener was armed in (a reload since would have lost its listener). */
  readonly armed: boolean;
  readonly controlled: boolean;
  /** The page's controller's state as this document reads it (`activating`, `activated`), or null. */
  readonly controllerState: string | null;
  readonly installing: boolean;
  readonly waiting: boolean;
}

/** The registration's state, or null while the page is between documents (a reload under way). */
export async function updateState(page: Page): Promise<UpdateState | null> {
  try {
    return await page.evaluate(updateStateInPage, CHANGES_KEY);
  } catch (error) {
    if (/Execution context was destroyed|navigation/i.test((error as Error).message)) return null;
    throw error;
  }
}

/** updateState() in the page, for any engine's evaluate. */
export async function updateStateInPage(key: string): Promise<UpdateState> {
  const registration = await navigator.serviceWorker.getRegistration();
  return {
    changed: Number(sessionStorage.getItem(key) ?? "0") > 0,
    armed: (window as { __pckChangesArmed?: boolean }).__pckChangesArmed === true,
    controlled: navigator.serviceWorker.controller?.state === "activated",
    controllerState: navigator.serviceWorker.controller?.state ?? null,
    installing: Boolean(registration?.installing),
    waiting: Boolean(registration?.waiting),
  };
}

/** In words, for a failure message. */
export function describeUpdateState(state: UpdateState | null): string {
  if (!state) return "the page was between documents";
  const worker = state.installing ? "a new worker still installing" : state.waiting ? "a new worker waiting" : "no worker installing or waiting";
  return `${state.controlled ? "controlled" : "not controlled"}, ${state.changed ? "the controller changed" : "the controller never changed"}, ${worker}`;
}

/** Whether the journal shows the worker script fetched with its new bytes (status 200) under deploy `deploy` or later. */
export async function newScriptFetched(mock: MockServer, profile: Profile, deploy: number): Promise<boolean> {
  return (await mock.journal()).some(
    (entry) => entry.deploy >= deploy && entry.status === 200 && new URL(entry.url, mock.origin).pathname === profile.worker.script,
  );
}

/**
 * The browser's update check as a navigation makes it: `registration.update()`, run in the page (it
 * rejects when the script cannot be fetched; the journal says what happened either way). One in-page
 * function for Chromium's page and the engines' (`evaluate(updateCheck, null)`).
 */
export async function updateCheck(): Promise<void> {
  await (await navigator.serviceWorker.getRegistration())?.update().catch(() => undefined);
}

/**
 * The browser's update check, as a navigation makes it (`registration.update()`), and the journal's
 * word that it fetched the deployed script. Without that word no update reached the browser: the
 * test has not judged the app and ends not checked.
 */
export function checkForUpdate(page: Page, mock: MockServer, profile: Profile, deploy: number): Promise<void> {
  return checkForUpdateBy(() => page.evaluate(updateCheck), mock, profile, deploy);
}

/** checkForUpdate() with the page's update check run by `check` (any engine's evaluate of updateCheck). */
export async function checkForUpdateBy(check: () => Promise<void>, mock: MockServer, profile: Profile, deploy: number): Promise<void> {
  await stimulus("the update check after the deploy", "worker.script", async () => {
    // updateCheck() swallows update()'s own rejection, so a rejection here is the driver's: the page's
    // document went away meanwhile (an app that reloads once a new worker installs, before Firefox's
    // update() settles). The journal, not the call, says whether the browser checked.
    let cut = "";
    await check().catch((error: unknown) => {
      cut = ` (the page's update() call was cut short: ${String((error as Error).message ?? error).split("\n")[0]})`;
    });
    await expect
      .poll(() => newScriptFetched(mock, profile, deploy), {
        message: `the worker script ${profile.worker.script} was fetched after the deploy${cut}`,
        timeout: UPDATE_WAIT_MS,
      })
      .toBe(true);
  });
}

/**
 * The app's own step that applies a waiting update, as its profile says: nothing (`auto`), a click
 * on the prompt's accept button (`prompt`; a prompt that never shows is the app's failure, not a
 * missed stimulus), or closing the tab and opening the app again (`reopen`). Returns the page that
 * now shows the app.
 */
export async function applyUpdate(page: Page, context: BrowserContext, url: string, update: UpdateSettings): Promise<Page> {
  if (update.activation === "prompt") {
    const accept = page.getByRole("button", { name: update.accept, exact: true });
    await expect(accept, `the app's prompt to use the new version (a button named '${update.accept}')`).toBeVisible({ timeout: UPDATE_WAIT_MS });
    await accept.click();
    return page;
  }
  if (update.activation === "reopen") {
    // Closing the tab applies an update only once the new worker has installed: an update that never
    // gets that far must not pass for one applied by a new tab that the old worker controls.
    await expect
      .poll(async () => describeUpdateState(await updateState(page)), {
        message: "the new worker installed and waits for the app's tabs to close",
        timeout: UPDATE_WAIT_MS,
      })
      .toMatch(/controller changed|waiting/);
    await page.close();
    const reopened = await context.newPage();
    await reopened.goto(url);
    return reopened;
  }
  return page;
}

/** What the poll of an applied update reads: "applied", or the state in words (the failure's Received line). */
export const APPLIED = "applied";

/** APPLIED once the controller changed (or, reopened, the tab is new) and nothing waits; else where the update stands, in words. */
export async function updateProgress(page: Page, update: UpdateSettings): Promise<string> {
  return progressOf(await updateState(page), update);
}

/** updateProgress() of a state read in any engine. */
export function progressOf(state: UpdateState | null, update: UpdateSettings): string {
  const changed = update.activation === "reopen" || state?.changed;
  return state && changed && state.controlled && !state.waiting && !state.installing ? APPLIED : describeUpdateState(state);
}

/** Polls until the update has been applied (updateProgress). */
export async function expectUpdateApplied(page: Page, update: UpdateSettings, why: string): Promise<void> {
  await expect.poll(() => updateProgress(page, update), { message: why, timeout: UPDATE_WAIT_MS }).toBe(APPLIED);
}

/**
 * Where the app applies an update by itself (`auto`), waits for the new worker to take over the open
 * page; an observation the test goes on from (UPD-1 judges the takeover), never its failure. Then for
 * the document that stays: an app that reloads once its new worker is activated (vite-plugin-pwa's
 * `autoUpdate`, on workbox-window's `activated`, which comes after `controllerchange`) calls
 * `reload()` in the task that tells the page the worker is activated, so once the page sees its
 * controller activated, such a reload has begun, and what the test does next happens in the
 * reloaded page, not in one a reload is about to replace (a click that reload swallows).
 */
export async function awaitAutoTakeover(page: Page, update: UpdateSettings): Promise<void> {
  if (update.activation !== "auto") return;
  const tookOver = await cameWithin("the new worker takes over the open page", () =>
    expect.poll(async () => (await updateState(page))?.changed ?? false, { timeout: UPDATE_WAIT_MS }).toBe(true),
  );
  if (!tookOver) return;
  await inSettledDocument(page, () => page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", null, { timeout: UPDATE_WAIT_MS }));
  await inSettledDocument(page, async () => undefined);
}

/** Whether a new worker is there at all (installing, waiting or already in control): the update reached the registration. */
export async function newWorkerArrived(page: Page): Promise<boolean> {
  return arrived(await updateState(page));
}

/** newWorkerArrived() of a state read in any engine: a new worker installing, waiting or already in control. */
export function arrived(state: UpdateState | null): boolean {
  return Boolean(state && (state.changed || state.waiting || state.installing));
}
