/**
 * An init script that records, through the standard APIs any app uses, what the page asks of its
 * service worker: `register()` calls (with the document's state at the time, REG-3) and messages
 * posted to a worker (NAV-1/2). Messages are kept in sessionStorage so a reload keeps the record.
 */

export interface RegisterCall {
  readonly scriptURL: string;
  readonly scope: string | null;
  readonly readyState: DocumentReadyState;
  readonly afterLoad: boolean;
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

export const POSTS_KEY = "__pck_posts";
/** sessionStorage key set while a spec holds the page offline (support/offline.ts). */
export const OFFLINE_HOLD_KEY = "__pck_offline_hold";

/** Runs in the page before its own scripts (context.addInitScript). Must be self-contained. */
export function installSpy({ postsKey, offlineHoldKey }: { postsKey: string; offlineHoldKey: string }): void {
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
  const container = window.ServiceWorkerContainer?.prototype;
  if (container) {
    const register = container.register;
    container.register = function (this: ServiceWorkerContainer, scriptURL: string | URL, options?: RegistrationOptions) {
      spy.registerCalls.push({
        scriptURL: new URL(String(scriptURL), location.href).href,
        scope: options?.scope === undefined ? null : new URL(options.scope, location.href).href,
        readyState: document.readyState,
        afterLoad: spy.loaded,
      });
      return register.call(this, scriptURL, options);
    };
  }
  const worker = window.ServiceWorker?.prototype;
  if (worker) {
    const postMessage = worker.postMessage as (this: ServiceWorker, message: unknown, transfer?: Transferable[]) => void;
    worker.postMessage = function (this: ServiceWorker, message: unknown, transfer?: Transferable[] | StructuredSerializeOptions) {
      try {
        const posts = JSON.parse(sessionStorage.getItem(postsKey) ?? "[]") as unknown[];
        posts.push(message);
        sessionStorage.setItem(postsKey, JSON.stringify(posts));
      } catch {
        // A message that is not JSON-serialisable is still delivered; the record just misses it.
      }
      return postMessage.call(this, message, transfer as Transferable[]);
    } as ServiceWorker["postMessage"];
  }
}
