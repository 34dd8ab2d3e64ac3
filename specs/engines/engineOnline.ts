/**
 * The browser's own online state in Firefox and WebKit, for the engine tests that need it (ONL-1,
 * NAV-2, UPD-1's offline deploy): the run's network namespace loses its default route and gets it
 * back (kit/engines/namespaceRoute.mjs), the mock server's switch refusing every request meanwhile,
 * as in Chromium. Such tests carry ONLINE_STATE_TAG and need one worker: every test of the run
 * shares the route. Which document a tab shows is read from a mark the test leaves on it.
 */
import type { EnginePage } from "../../kit/engines/engine.ts";
import { HOW_TO_GET_ONE, type OnlineSwitch, onlineSwitch } from "../../kit/engines/namespaceRoute.mjs";
import { serverOffline, serverOnline } from "../checks/offline.ts";
import { notChecked, stimulus } from "../harness/applicability.ts";
import { expect, test } from "../harness/engineFixtures.ts";
import type { MockServer } from "../harness/mockServerProcess.ts";
import { readPage } from "./enginePages.ts";

/** Real time for the browser to see the route go or come back: WebKitGTK took 3–5 s here, Firefox under 1 s. */
export const STATE_CHANGE_MS = 10_000;
/** The app's settle time when the profile gives none: Chromium's test runs this much fake time. */
export const SETTLE_BUDGET_MS = 10_000;
/** Real time a reload may take once the settle time is over: a page load on a busy machine. */
export const RELOAD_MS = 15_000;

export type Marked = "original" | "after reload" | "new" | "loading";

/** Which document the page shows: one the test marked, a new one, or none readable yet (mid-navigation). */
export async function documentOf(page: EnginePage): Promise<Marked> {
  try {
    return await readPage(
      page,
      () => ((window as unknown as { __pckDocument?: Marked }).__pckDocument ?? (document.readyState === "complete" ? "new" : "loading")) as Marked,
      null,
    );
  } catch {
    return "loading";
  }
}

export const mark = (page: EnginePage, marker: Marked) =>
  page.evaluate((value) => {
    (window as unknown as { __pckDocument?: string }).__pckDocument = value;
  }, marker);

export const onLine = (page: EnginePage) => readPage(page, () => navigator.onLine, null).catch(() => null);

/** The run's switch of the browser's online state, or not checked with what would give one. */
export function switchOrNotChecked(): OnlineSwitch {
  const found = onlineSwitch();
  if ("unavailable" in found) return notChecked(found.unavailable);
  // Every test of the run shares the namespace's one route: another test in parallel would see it go.
  if (test.info().config.workers !== 1)
    return notChecked(
      `the browser's online state is the network namespace's, shared by every test of the run, and this run has ${test.info().config.workers} workers: ${HOW_TO_GET_ONE}`,
    );
  return found;
}

/** Takes the server, then the browser, offline, and confirms the browser sees it (else not checked). */
export async function goOffline(page: EnginePage, network: OnlineSwitch, server: Pick<MockServer, "setOffline">): Promise<void> {
  await serverOffline(server);
  network.offline();
  await stimulus("the browser going offline (the namespace's default route removed)", "home", () =>
    expect.poll(() => onLine(page), { message: "navigator.onLine", timeout: STATE_CHANGE_MS }).toBe(false),
  );
}

/** Brings the server, then the browser, back online (the server leads: specs/checks/offline.ts). */
export async function goOnline(network: OnlineSwitch, server: Pick<MockServer, "setOffline">): Promise<void> {
  await serverOnline(server);
  network.online();
}
