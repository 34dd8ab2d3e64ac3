/**
 * An init script that records, through the standard APIs any app uses, what the page asks of its
 * service worker: `register()` calls (with the document's state at the time, REG-3), messages
 * posted to a worker and whether the browser was online then (NAV-1/2), and every history change
 * (NAV-1: an app's router may add its own, e.g. Next.js's `replaceState` after a `pushState`).
 * Posts and history changes are kept in sessionStorage so a reload keeps the record.
 */
import type { Page } from "@playwright/test";

export interface RegisterCall {
  readonly scriptURL: string;
  readonly scope: string | null;
  readonly readyState: DocumentReadyState;
  readonly afterLoad: boolean;
  /** When, in ms from the start of the document's navigation (performance.now()). */
  readonly atMs: number;
}

export interface SpyRecord {
  readonly registerCalls: RegisterCall[];
  readonly posts: unknown[];
  /** Set by `beforeunload`: a reload or navigation of this document has started. */
  readonly leaving: boolean;
}

declare global {
  interface Window {
    __pckSpy?: { registerCalls: RegisterCall[]; leaving: boolean; loaded: boolean };
  }
}

/** A message posted to a worker, and whether `navigator.onLine` was true at that moment. */
export interface PostRecord {
  readonly message: unknown;
  readonly onLine: boolean;
}

/** A `pushState`/`replaceState` call, with the document's URL after it. */
export interface HistoryChange {
  readonly method: "pushState" | "replaceState";
  readonly url: string;
  readonly onLine: boolean;
}

export const POSTS_KEY = "__pck_posts";
export const HISTORY_KEY = "__pck_history";
/**
 * sessionStorage key counting the page's own update checks (`registration.update()`, `register()`,
 * which checks for an update of a registered worker too), kept across the tab's reloads (UPD-1).
 */
export const UPDATE_CHECKS_KEY = "__pck_update_checks";
/** sessionStorage key set while a spec holds the page offline (support/offline.ts). */
export const OFFLINE_HOLD_KEY = "__pck_offline_hold";

/** installSpy()'s argument: where it keeps each record. */
export const SPY_KEYS = { postsKey: POSTS_KEY, historyKey: HISTORY_KEY, offlineHoldKey: OFFLINE_HOLD_KEY, updateChecksKey: UPDATE_CHECKS_KEY } as const;

/** Runs in the page before its own scripts (context.addInitScript). Must be self-contained. */
export function installSpy({
  postsKey,
  historyKey,
  offlineHoldKey,
  updateChecksKey,
}: {
  postsKey: string;
  historyKey: string;
  offlineHoldKey: string;
  updateChecksKey: string;
}): void {
  const append = (key: string, entry: unknown) => {
    try {
      const list = JSON.parse(sessionStorage.getItem(key) ?? "[]") as unknown[];
      list.push(entry);
      sessionStorage.setItem(key, JSON.stringify(list));
    } catch {
      // Not serialisable, or no sessionStorage (an opaque origin): the record just misses it.
    }
  };
  const countUpdateCheck = () => {
    try {
      sessionStorage.setItem(updateChecksKey, String(Number(sessionStorage.getItem(updateChecksKey) ?? "0") + 1));
    } catch {
      // No sessionStorage (an opaque origin): the count just misses it.
    }
  };
  const spy = { registerCalls: [] as RegisterCall[], leaving: false, loaded: false };
  window.__pckSpy = spy;
  // Registered before any of the app's listeners, and at the target capture runs first: while a spec
  // holds the page offline, the emulation's stray `online` events never reach the app.
  window.addEventListener(
    "online",
    (event) => {
      try {
        if (sessionStorage.getItem(offlineHoldKey) !== null) event.stopImmediatePropagation();
      } catch {
        // No sessionStorage in this document (an opaque origin): nothing is held there.
      }
    },
    { capture: true },
  );
  window.addEventListener(
    "load",
    () => {
      spy.loaded = true;
    },
    { capture: true },
  );
  window.addEventListener("beforeunload", () => {
    spy.leaving = true;
  });
  // Wrapped first, before any script of the app: an app's own wrapper (Serwist's) calls this one.
  for (const method of ["pushState", "replaceState"] as const) {
    const original = History.prototype[method];
    History.prototype[method] = function (this: History, ...args: Parameters<History["pushState"]>) {
      const result = original.apply(this, args);
      append(historyKey, { method, url: location.href, onLine: navigator.onLine });
      return result;
    };
  }
  const container = window.ServiceWorkerContainer?.prototype;
  if (container) {
    const register = container.register;
    container.register = function (this: ServiceWorkerContainer, scriptURL: string | URL, options?: RegistrationOptions) {
      spy.registerCalls.push({
        scriptURL: new URL(String(scriptURL), location.href).href,
        scope: options?.scope === undefined ? null : new URL(options.scope, location.href).href,
        readyState: document.readyState,
        afterLoad: spy.loaded,
        atMs: Math.round(performance.now()),
      });
      countUpdateCheck();
      return register.call(this, scriptURL, options);
    };
  }
  const registration = window.ServiceWorkerRegistration?.prototype;
  if (registration) {
    const update = registration.update;
    registration.update = function (this: ServiceWorkerRegistration) {
      countUpdateCheck();
      return update.call(this);
    };
  }
  const worker = window.ServiceWorker?.prototype;
  if (worker) {
    const postMessage = worker.postMessage as (this: ServiceWorker, message: unknown, transfer?: Transferable[]) => void;
    worker.postMessage = function (this: ServiceWorker, message: unknown, transfer?: Transferable[] | StructuredSerializeOptions) {
      append(postsKey, { message, onLine: navigator.onLine });
      return postMessage.call(this, message, transfer as Transferable[]);
    } as ServiceWorker["postMessage"];
  }
}

/** What the spy recorded in a page, read from the test. */
export interface Spy {
  readonly registerCalls: (page: Page) => Promise<RegisterCall[]>;
  /** Every message the page posted to a worker, oldest first (kept across reloads). */
  readonly posts: (page: Page) => Promise<unknown[]>;
  /** The messages posted while `navigator.onLine` was false. */
  readonly postsWhileOffline: (page: Page) => Promise<unknown[]>;
  /** Every `pushState`/`replaceState`, the app's own included, oldest first. */
  readonly historyChanges: (page: Page) => Promise<HistoryChange[]>;
  /** True once the document has started to unload (a reload or navigation is under way). */
  readonly leaving: (page: Page) => Promise<boolean>;
}

function postRecords(page: Page): Promise<PostRecord[]> {
  return page.evaluate(recordsInPage, POSTS_KEY) as Promise<PostRecord[]>;
}

/** The spy's count of the page's own update checks (UPDATE_CHECKS_KEY), for any engine's evaluate. */
export function updateChecksInPage(key: string): number {
  return Number(sessionStorage.getItem(key) ?? "0");
}

/** One of the spy's lists kept in sessionStorage (POSTS_KEY, HISTORY_KEY), for any engine's evaluate. */
export function recordsInPage(key: string): unknown[] {
  return JSON.parse(sessionStorage.getItem(key) ?? "[]") as unknown[];
}

export const spy: Spy = {
  registerCalls: (page) => page.evaluate(() => window.__pckSpy?.registerCalls ?? []),
  posts: async (page) => (await postRecords(page)).map((post) => post.message),
  postsWhileOffline: async (page) => (await postRecords(page)).filter((post) => !post.onLine).map((post) => post.message),
  historyChanges: (page) => page.evaluate(recordsInPage, HISTORY_KEY) as Promise<HistoryChange[]>,
  leaving: (page) => page.evaluate(() => window.__pckSpy?.leaving ?? false),
};
