/**
 * REG-1..4: register the shell's worker at the app root scope, only where the browser supports it,
 * only after the page has loaded, and never from a page outside the base path.
 */
import { isWithinBasePath, scopePath } from "../core/basePath.ts";
import { type ShellConfig, workerScriptPath } from "../core/shellConfig.ts";

export type RegistrationOutcome =
  | { readonly state: "disabled" | "unsupported" | "outside-base-path" }
  | { readonly state: "registered"; readonly registration: ServiceWorkerRegistration }
  | { readonly state: "failed"; readonly error: unknown };

/** REG-1: a worker needs both the container and Cache Storage (Firefox private windows lack the latter). */
export function supportsWorker(win: Window): boolean {
  return "serviceWorker" in win.navigator && "caches" in win;
}

/** REG-3: resolves once the window `load` event has fired, at once if the document is already complete. */
export function whenLoaded(win: Window): Promise<void> {
  if (win.document.readyState === "complete") return Promise.resolve();
  return new Promise((resolve) => win.addEventListener("load", () => resolve(), { once: true }));
}

/**
 * Registers the worker when every REG clause allows it and reports why it did not otherwise.
 * Never throws: a registration failure (e.g. the script 404s) is an outcome, not an exception that
 * would take the page down with it.
 */
export async function registerWorker(win: Window, config: ShellConfig): Promise<RegistrationOutcome> {
  if (!config.register) return { state: "disabled" };
  if (!supportsWorker(win)) return { state: "unsupported" };
  if (!isWithinBasePath(win.location.pathname, config.basePath)) return { state: "outside-base-path" };
  await whenLoaded(win);
  try {
    const registration = await win.navigator.serviceWorker.register(workerScriptPath(config), {
      scope: scopePath(config.basePath),
    });
    return { state: "registered", registration };
  } catch (error) {
    return { state: "failed", error };
  }
}
