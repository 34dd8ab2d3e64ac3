/**
 * UPD-4's stimulus and readings, shared by Chromium's spec (specs/updates.spec.ts) and the engines'
 * (specs/engines/updates.spec.ts): the fault that fails a new worker's install, the journal's word
 * that the install met it, and what the page reads of the new worker's fate. The in-page functions
 * use their argument alone, so any engine's driver can run them.
 */
import { type Page, test } from "@playwright/test";
import { SUITE_NOTE } from "../../kit/outcomes.ts";
import { regexLiteral } from "../../kit/regexLiteral.ts";
import type { FaultInput } from "../../mock-server/faults/faultSchema.ts";
import { cameWithin, notChecked, stimulusMissed } from "../harness/applicability.ts";
import { expect } from "../harness/expect.ts";
import type { MockServer } from "../harness/mockServerProcess.ts";
import { evictUnloadedInPage } from "./staleFiles.ts";
import { UPDATE_WAIT_MS, type UpdateState } from "./workerUpdate.ts";

/** Runs a function in the page under test, whichever engine's driver holds it (Playwright's, kit/engines'). */
export type InPageRunner = <A, R>(fn: (arg: A) => R | Promise<R>, arg: A) => Promise<R>;

/** A Playwright page's runner (its evaluate types the argument as Playwright may pass handles: ours are plain JSON). */
export function inPage(page: Page): InPageRunner {
  return <A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> => page.evaluate(fn as (arg: unknown) => R | Promise<R>, arg as unknown);
}

/**
 * How long a failed install gets to end once its request met the 404: Workbox's and the reference's
 * end within a second (the worker is redundant at once); Serwist 9.5's hangs for minutes.
 */
export const INSTALL_END_MS = 5_000;

/**
 * A sticky 404 for every request the worker makes with `fetch` (its script is the `Referer`;
 * `Sec-Fetch-Dest: empty` leaves its imported scripts alone, which a real deploy ships with it).
 * Firefox and WebKit send both headers for a worker's fetch, as Chromium does (watched: docs/engines.md).
 */
function installFault(origin: string, workerScript: string): FaultInput {
  const escaped = regexLiteral(`${origin}${workerScript}`);
  const scope = new URL(".", `${origin}${workerScript}`).pathname;
  return {
    path: `${scope}**`,
    status: 404,
    headers: { referer: { pattern: `^${escaped}(\\?.*)?$` }, "sec-fetch-dest": "empty" },
    name: "UPD-4: the new build's files are missing",
  };
}

/**
 * The scripts the worker imported, from the journal, which the stimulus never removes from a
 * precache. Firefox's worker sends no `Referer` with its imports (the journal cannot say whose they
 * are), so any script not known to be the page's counts.
 */
async function workerImports(mock: MockServer): Promise<string[]> {
  return (await mock.journal())
    .filter((entry) => entry.secFetchDest === "script" && entry.fromWorker !== false)
    .map((entry) => new URL(entry.url, mock.origin).href);
}

/**
 * UPD-4's stimulus before the deploy: the fault, and one precached file the page never loaded removed
 * so the new worker's install must fetch it (evictUnloaded's rules), named in the report. Keeping an
 * HTTP cache from answering that file is each engine's own step (Chromium clears it; the others
 * serve the files no-store).
 */
export async function failTheInstall(run: InPageRunner, mock: MockServer, workerScript: string): Promise<{ faultId: string; removed: string[] }> {
  const fault = await mock.addFault(installFault(mock.origin, workerScript));
  const keep = [...(await workerImports(mock)), `${mock.origin}${workerScript}`];
  const removed = await run(evictUnloadedInPage, { which: "one-precached-file" as const, keep });
  if (removed.length > 0)
    test.info().annotations.push({
      type: SUITE_NOTE,
      description: `UPD-4's stimulus removed ${removed.join(", ")} from the precache, so the new build's install had to fetch it and meet the 404`,
    });
  return { faultId: fault.id, removed };
}

/** Whether the journal shows a request of the worker after the deploy meeting the fault: the install asked, and failed. */
async function installMetFault(mock: MockServer, faultId: string, deploy: number): Promise<boolean> {
  return (await mock.journal()).some((entry) => entry.deploy >= deploy && entry.fault === faultId && entry.faultApplied === true);
}

/**
 * Why the test cannot judge an app with no precache file to remove: one reason whatever the new
 * worker did in the wait (installed, or neither installed nor discarded), which only the machine's
 * load decides.
 */
const NO_PRECACHE = `the app has no precache (a cache named 'precache') with a file the kit could remove, so nothing made the new build's install fetch a missing file, and no failed install followed within ${UPDATE_WAIT_MS / 1000} s of the deploy`;

interface InstallWatch {
  __pckOldWorker?: unknown;
  __pckNewWorker?: string[];
}

/**
 * Arms, in the page, before the deploy: the worker controlling it now, and the states the deploy's
 * new worker goes through (`updatefound`, then its `statechange`s).
 */
export async function armInstallWatchInPage(): Promise<void> {
  const w = window as unknown as InstallWatch;
  w.__pckOldWorker = navigator.serviceWorker.controller;
  const states: string[] = [];
  w.__pckNewWorker = states;
  const registration = await navigator.serviceWorker.getRegistration();
  registration?.addEventListener("updatefound", () => {
    const found = registration.installing;
    if (!found) return;
    states.push(found.state);
    found.addEventListener("statechange", () => states.push(found.state));
  });
}

/** Where the deploy's new worker stands: not found yet or installing, past its install, or discarded; null when not armed. */
function installFateInPage(): "pending" | "past its install" | "discarded" | null {
  const states = (window as unknown as InstallWatch).__pckNewWorker;
  if (states === undefined) return null;
  if (states.some((state) => state === "installed" || state === "activating" || state === "activated")) return "past its install";
  return states.includes("redundant") ? "discarded" : "pending";
}

/**
 * Whether a worker other than the one armed is the registration's active one: past its install, a
 * new worker that skips waiting is active (activating) before its claim changes the controller.
 */
async function replacedActiveInPage(): Promise<boolean> {
  const active = (await navigator.serviceWorker.getRegistration())?.active;
  return active != null && active !== (window as unknown as InstallWatch).__pckOldWorker;
}

/** The armed worker: still the page's controller, and its state. */
export function oldWorkerInPage(): { sameController: boolean; active: string | null } {
  const old = (window as unknown as InstallWatch).__pckOldWorker;
  return { sameController: navigator.serviceWorker.controller === old, active: navigator.serviceWorker.controller?.state ?? null };
}

/** What the page says, through its engine's driver: null readings are a page between documents. */
export interface InstallView {
  readonly fate: () => Promise<ReturnType<typeof installFateInPage>>;
  readonly state: () => Promise<UpdateState | null>;
  readonly replacedActive: () => Promise<boolean>;
}

/** The view through `run`, the registration's state read by `state` (updateState, or its engine form). */
export const installViewOf = (run: InPageRunner, state: () => Promise<UpdateState | null>): InstallView => ({
  fate: () => run(installFateInPage, null).catch(() => null),
  state,
  replacedActive: () => run(replacedActiveInPage, null),
});

/**
 * After the deploy and the update check: waits for the install's request to meet the fault, and ends
 * the test not checked when nothing failed (no precache to remove a file from, or no request met it).
 */
export async function awaitFailedInstall(
  view: InstallView,
  mock: MockServer,
  stimulus: { faultId: string; removed: readonly string[]; deploy: number },
): Promise<void> {
  const { faultId, removed, deploy } = stimulus;
  const met = await cameWithin("a request of the new worker's install meeting the 404", () =>
    expect.poll(() => installMetFault(mock, faultId, deploy), { message: "the install asked for a missing file", timeout: UPDATE_WAIT_MS }).toBe(true),
  );
  // With no precache to remove a file from (Angular's ngsw keeps none), a worker that took over met
  // the fault only afterwards, as the active worker, or not within the wait: no install failed, and
  // nothing was judged. A worker left waiting installed fine, so the same holds; one still
  // installing is let finish first. Read whether or not the fault was met in time, so the reason
  // does not depend on how busy the machine was (sameVerdicts: Angular's whole run gave the other).
  // Without a precache the 404 can be met by the old worker's own requests (ngsw checks its
  // manifest) before the new one has even begun to install (seen in a fresh-clone CI at 77bda02:
  // the test went on and the new worker took over): wait for the new worker's own fate.
  if (removed.length === 0) {
    await cameWithin("the new worker passes its install, or is discarded", () => expect.poll(view.fate, { timeout: UPDATE_WAIT_MS }).not.toBe("pending"));
    // Past its install, a new worker that skips waiting is active (activating) before its claim
    // changes the controller: read the registration's active worker too, or the reason would depend
    // on the moment of reading (seen on the Angular app in a fresh-clone CI: "activating", no
    // controllerchange yet, so the test went on and failed).
    const after = await view.state();
    const fate = await view.fate();
    const installed = fate === "past its install" || after?.changed || after?.waiting || (await view.replacedActive());
    // Only an install that met the 404 of its own accord and did not get past it is judged; a new
    // worker still pending after the wait, the fault unmet, is the same stimulus missed (seen once in
    // sameVerdicts on the Angular app, with the other reason in its whole run). One discarded without
    // meeting the 404 failed for a reason of its own: stimulusMissed below says so.
    if (installed || (!met && fate !== "discarded")) notChecked(NO_PRECACHE);
  }
  if (!met)
    stimulusMissed(
      "a request of the new worker's install meeting the 404",
      "worker.script",
      `none in the journal within ${UPDATE_WAIT_MS / 1000} s of the deploy`,
    );
}
