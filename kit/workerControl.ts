/**
 * Brings a page under the app's worker as a person's browser would, for the suite and for `init`
 * alike: the one owner of "bring under control" and of how long it may take. A worker that does not
 * claim the page it was installed from (Workbox's and vite-plugin-pwa's default, `registerType:
 * 'prompt'` without `clientsClaim`) controls the next page load: once the worker is active and the
 * page still has no controller, one reload is what a person's next visit does.
 */
import type { Page } from "@playwright/test";
import { waitInPage } from "./waitInPage.ts";

/**
 * How long a page may take to come under a worker's control: the worker's install (its precache)
 * and activation. Seen here: under 2 s for Next.js + Serwist on a busy 2-core machine, once 15 s on
 * CI (1 of ~400 waits); a check scales it by what its probe measured (specs/harness/control.ts).
 */
export const CONTROL_TIMEOUT_MS = 15_000;

/** What the page has once a worker is there: control by an activated worker, or an activated worker that does not control it. */
export type WorkerState = "controlled" | "active";

/** Which state a wait settles on: control only, or an activated worker whether or not it controls the page. */
export type WorkerWanted = "controlled" | "active or controlled";

/** The few members of the page's `navigator.serviceWorker` read here (this runtime has no DOM types). */
interface PageWorker extends EventTarget {
  readonly state: string;
}
interface PageContainer extends EventTarget {
  readonly controller: PageWorker | null;
  readonly ready: Promise<{ active: PageWorker | null }>;
  getRegistration(): Promise<{ active: PageWorker | null; installing: PageWorker | null; waiting: PageWorker | null } | undefined>;
}

/**
 * Resolves once the page is controlled by an activated worker ("controlled"), or, when `wanted`
 * allows it, once the page's registration has an activated worker that does not control it
 * ("active"). Settles on `controllerchange`, `ready` and each worker's `statechange`, never a poll.
 * Rejects with a TimeoutError after `timeoutMs`.
 */
export function waitForWorker(page: Page, wanted: WorkerWanted, timeoutMs: number): Promise<WorkerState> {
  return waitInPage(
    page,
    wanted === "controlled" ? "an activated service worker to control the page" : "an activated service worker for the page",
    ({ arg, msLeft, timeoutWord }) =>
      new Promise<WorkerState>((resolve, reject) => {
        const container = (globalThis as unknown as { navigator: { serviceWorker?: PageContainer } }).navigator.serviceWorker;
        if (!container) return reject(new Error("This page has no navigator.serviceWorker (not a secure context, or service workers are blocked)."));
        const timer = setTimeout(() => reject(new Error(timeoutWord)), msLeft);
        const watched = new Set<PageWorker>();
        const settle = (state: WorkerState) => {
          clearTimeout(timer);
          resolve(state);
        };
        const watch = (worker: PageWorker | null | undefined) => {
          if (!worker || watched.has(worker)) return;
          watched.add(worker);
          worker.addEventListener("statechange", () => void look());
        };
        const look = async () => {
          const controller = container.controller;
          if (controller?.state === "activated") return settle("controlled");
          watch(controller);
          const registration = await container.getRegistration();
          for (const worker of [registration?.installing, registration?.waiting, registration?.active]) watch(worker);
          if (arg === "active or controlled" && registration?.active?.state === "activated") {
            // A claim made during `activate` sets the controller before the state reads "activated".
            settle(container.controller?.state === "activated" ? "controlled" : "active");
          }
        };
        container.addEventListener("controllerchange", () => void look());
        // `ready` is the only event for a registration the app makes after this wait began.
        void container.ready.then((registration) => {
          watch(registration.active);
          return look();
        });
        void look();
      }),
    wanted,
    timeoutMs,
  );
}

/**
 * Resolves once an activated worker controls the loaded `page`: "controlled" at once, or "reloaded"
 * when the worker was active without controlling it and one reload brought it under. Rejects with a
 * TimeoutError when no worker became active, or none controlled the reloaded page, within `timeoutMs`.
 */
export async function bringUnderControl(page: Page, timeoutMs: number): Promise<"controlled" | "reloaded"> {
  if ((await waitForWorker(page, "active or controlled", timeoutMs)) === "controlled") return "controlled";
  await page.reload();
  await waitForWorker(page, "controlled", timeoutMs);
  return "reloaded";
}

/** Where the page's registration stands, in words: "no registration", or "a worker <state> (<script>)" for its newest worker. */
export async function workerProgress(page: Page): Promise<string> {
  try {
    return await page.evaluate(async () => {
      const container = (globalThis as unknown as { navigator: { serviceWorker?: { getRegistration(): Promise<unknown> } } }).navigator.serviceWorker;
      const registration = (await container?.getRegistration()) as
        | {
            installing: { state: string; scriptURL: string } | null;
            waiting: { state: string; scriptURL: string } | null;
            active: { state: string; scriptURL: string } | null;
          }
        | undefined;
      if (!registration) return "no registration";
      const newest = registration.installing ?? registration.waiting ?? registration.active;
      return newest ? `a worker ${newest.state} (${newest.scriptURL})` : "a registration without a worker";
    });
  } catch (error) {
    return `the page could not be asked (${(error as Error).message.split("\n")[0]})`;
  }
}
