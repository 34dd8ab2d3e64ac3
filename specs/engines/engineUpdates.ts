/**
 * The steps of the engine specs' update tests (specs/engines/updates.spec.ts, reloads.spec.ts) that
 * several clauses take, in any engine: the app's own update step, where the update stands, the new
 * worker's arrival and takeover, and a quiet network, each read in the page or from the mock
 * server's journal.
 */
import type { Profile } from "../../cli/profile/profileSchema.ts";
import type { EngineBrowser, EnginePage } from "../../kit/engines/engine.ts";
import { SUITE_NOTE } from "../../kit/outcomes.ts";
import { CONTROL_PREFIX, JOURNAL_COUNT_PATH } from "../../mock-server/control/controlPaths.ts";
import {
  APPLIED,
  arrived,
  CHANGES_KEY,
  describeUpdateState,
  progressOf,
  UPDATE_WAIT_MS,
  type UpdateSettings,
  type UpdateState,
  updateSettings,
  updateStateInPage,
} from "../checks/workerUpdate.ts";
import { cameWithin, notChecked, stimulus } from "../harness/applicability.ts";
import { expect, test } from "../harness/engineFixtures.ts";
import type { MockServer } from "../harness/mockServerProcess.ts";
import { countDocuments, DOCUMENT_POLL_MS, type DocumentCounter } from "./engineDocuments.ts";
import { clickNamed, readPage } from "./enginePages.ts";

/**
 * How long the engines' tests wait for an update to arrive, show or apply: twice Chromium's window.
 * Under the self-check's two workers, Firefox's and WebKit's install, activation and reload of two
 * tabs took longer than Chromium's window (2026-11-29: "never applied" in 1 run of 4 in CI, and
 * again with two workers locally). Each wait ends as soon as its signal comes, so only an app that
 * never gives it waits the whole of it.
 */
export const ENGINE_UPDATE_WAIT_MS = 2 * UPDATE_WAIT_MS;

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
export async function freshActiveState({ src, scope }: { src: string; scope: string }): Promise<string> {
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

/** The update state as the page reads it, or null while it is between documents. */
export const stateIn = (page: EnginePage) => readPage(page, updateStateInPage, CHANGES_KEY).catch(() => null);

/** updateProgress() in any engine: the page between documents (a reload under way) is a state too. */
export async function progressIn(page: EnginePage, update: UpdateSettings): Promise<string> {
  return progressOf(await stateIn(page), update);
}

/**
 * APPLIED when the page's own controller reads `activating` with the update otherwise applied and a
 * fresh document of the tab reads it `activated` (STALE_STATE: WebKitGTK's reloaded document), noted
 * in the report; else the state in words.
 */
export async function freshlyActivated(page: EnginePage, state: UpdateState | null, profile: Profile, engine: EngineBrowser): Promise<string> {
  if (!state?.changed || state.controllerState !== "activating" || state.waiting || state.installing) return describeUpdateState(state);
  // Bounded as every read of a page that may be reloading: an app that reloads on controllerchange
  // does it right as its controller reads `activating`, and Firefox's driver then never settled the
  // unbounded read (the self-check's "reloads on every controllerchange", once in CI, 2026-11-30).
  const fresh = await readPage(page, freshActiveState, { src: `${CONTROL_PREFIX}${JOURNAL_COUNT_PATH}`, scope: profile.worker.scope ?? profile.home }).catch(
    () => null,
  );
  if (fresh === null) return describeUpdateState(null);
  test.info().annotations.push({ type: SUITE_NOTE, description: `${engine.engine}: the page read its controller activating; ${STALE_STATE} (${fresh})` });
  return fresh === "activated" ? APPLIED : describeUpdateState(state);
}

/** updateProgress() in any engine, with WebKitGTK's stale `activating` read as a fresh document reads it. */
export async function appliedIn(page: EnginePage, update: UpdateSettings, profile: Profile, engine: EngineBrowser): Promise<string> {
  const state = await stateIn(page);
  const progress = progressOf(state, update);
  return progress === APPLIED ? progress : freshlyActivated(page, state, profile, engine);
}

/**
 * With `prompt`, clicks the app's button that accepts the update once it shows. A prompt that never
 * shows is the app's failure, not a missed stimulus (as in Chromium). The profile's schema asks for
 * `accept` with `prompt`.
 */
export async function acceptPrompt(page: EnginePage, update: UpdateSettings): Promise<void> {
  const { accept } = update;
  if (update.activation !== "prompt" || accept === undefined) return;
  const clicked = () =>
    clickNamed(page, "button", accept).then(
      () => true,
      () => false,
    );
  await expect.poll(clicked, { message: `the app's prompt to use the new version (a button named '${accept}')`, timeout: ENGINE_UPDATE_WAIT_MS }).toBe(true);
}

/**
 * Reopening the app keeps its browser context (its registration) while every tab of it closes; an
 * engine page's first tab closes its private context with it (kit/engines/engine.ts), so that is
 * Chromium's for now.
 */
export function notWithReopen(profile: Profile): void {
  if (updateSettings(profile).activation === "reopen")
    notChecked(
      "the app applies an update once every tab is closed and it is opened again (update.activation reopen): closing every tab while the browser context stays open is Chromium's for now",
    );
}

/** Chromium's newWorkerArrived() wait in any engine: the update has reached the registration (else the stimulus did not happen). */
export function newWorkerThere(page: EnginePage): Promise<void> {
  return stimulus("a new worker after the update check", "worker.script", () =>
    expect
      .poll(async () => arrived(await stateIn(page)), { message: "a new worker installing, waiting or in control", timeout: ENGINE_UPDATE_WAIT_MS })
      .toBe(true),
  );
}

/** Chromium's awaitAutoTakeover() in any engine: with `auto`, the new worker takes over the open page; an observation the test goes on from. */
export async function autoTakeover(page: EnginePage, update: UpdateSettings): Promise<void> {
  if (update.activation !== "auto") return;
  await cameWithin("the new worker takes over the open page", () =>
    expect.poll(async () => (await stateIn(page))?.changed ?? false, { timeout: ENGINE_UPDATE_WAIT_MS }).toBe(true),
  );
  await cameWithin("the page's new controller activated", () =>
    expect.poll(async () => (await stateIn(page))?.controllerState, { timeout: ENGINE_UPDATE_WAIT_MS }).toBe("activated"),
  );
}

/** How long the journal must stay still for the network to count as quiet (Chromium's specs wait for `networkidle`). */
const QUIET_MS = 1_000;

/** Waits until the journal has been still for QUIET_MS, reading `documents` all along (WebKit's are seen by reading). */
export async function networkQuiet(server: MockServer, documents: DocumentCounter): Promise<void> {
  let entries = -1;
  let still = Date.now();
  await cameWithin(`the network quiet (${QUIET_MS} ms without a request)`, () =>
    expect
      .poll(
        async () => {
          await documents.read();
          const now = (await server.journal()).length;
          if (now !== entries) [entries, still] = [now, Date.now()];
          return Date.now() - still >= QUIET_MS;
        },
        { timeout: ENGINE_UPDATE_WAIT_MS, intervals: [DOCUMENT_POLL_MS] },
      )
      .toBe(true),
  );
}

/**
 * Chromium's inSettledDocument() in any engine: once the app is done with its own takeover (a page
 * that reloads on every `controllerchange` may still be reloading from the worker's first claim),
 * that is once the network has been quiet, the page's documents read all along.
 */
export async function settled(page: EnginePage, server: MockServer, engine: EngineBrowser): Promise<void> {
  await networkQuiet(server, await countDocuments(page, engine));
}

/**
 * Chromium's UPD-3 and UPD-4 clear its HTTP cache (CDP) so a file removed from Cache Storage is asked
 * of the server; neither Firefox's nor WebKit's driver can. Watched: Firefox's new install then took the
 * Next.js app's hashed chunk from its HTTP cache (Next sends `immutable`) and took over. In their
 * place, the test's scripts, styles, images and fonts are served `no-store` until the stimulus (a
 * fault whose only work is that header), so no HTTP cache holds them: what UPD-4 judges, the install
 * meeting a 404 and its outcome, does not read an HTTP cache, and the journal still says whether it
 * was met.
 */
export const NO_HTTP_CACHE = {
  path: { regex: "\\.(m?js|css|svg|png|ico|webp|avif|jpe?g|gif|woff2?|ttf|otf)$" },
  responseHeaders: { "Cache-Control": "no-store" },
  name: "no HTTP cache keeps the build's files (Chromium clears it instead)",
};
