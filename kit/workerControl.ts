/**
 * Brings a page under the app's worker as a person's browser would, for the suite and for `init`
 * alike. A worker that does not claim the page it was installed from (Workbox's and vite-plugin-pwa's
 * default, `registerType: 'prompt'` without `clientsClaim`) controls the next page load: once the
 * worker is active and the page still has no controller, one reload is what a person's next visit
 * does. Without it, a check waits out its whole timeout for a controller that cannot come.
 */
import type { Page } from "@playwright/test";

/** What the page showed once a worker was active. */
type ControlState = "controlled" | "active, not controlling";

/** The few members of the page's `navigator.serviceWorker` read here (this runtime has no DOM types). */
interface PageGlobals {
  navigator: {
    serviceWorker?: {
      controller: { state: string } | null;
      getRegistration(): Promise<{ active: { state: string } | null } | undefined>;
    };
  };
  __pckActive?: boolean | "looking";
}

async function controlState(page: Page, timeoutMs: number): Promise<ControlState> {
  const handle = await page.waitForFunction(
    () => {
      const globals = globalThis as unknown as PageGlobals;
      const container = globals.navigator.serviceWorker;
      if (container?.controller?.state === "activated") return "controlled";
      // Read synchronously: getRegistration() is a promise, so each poll starts one look and a later one reads it.
      if (globals.__pckActive === true) return "active, not controlling";
      if (globals.__pckActive !== "looking" && container) {
        globals.__pckActive = "looking";
        void container.getRegistration().then((registration) => {
          globals.__pckActive = registration?.active?.state === "activated" ? true : undefined;
        });
      }
      return false;
    },
    undefined,
    { timeout: timeoutMs },
  );
  return (await handle.jsonValue()) as ControlState;
}

/**
 * Resolves once an activated worker controls the loaded `page`: "controlled" at once, or "reloaded"
 * when the worker was active without controlling it and one reload brought it under. Rejects with a
 * TimeoutError when no worker became active, or none controlled the reloaded page, within `timeoutMs`.
 */
export async function bringUnderControl(page: Page, timeoutMs: number): Promise<"controlled" | "reloaded"> {
  if ((await controlState(page, timeoutMs)) === "controlled") return "controlled";
  await page.reload();
  await page.waitForFunction(() => (globalThis as unknown as PageGlobals).navigator.serviceWorker?.controller?.state === "activated", undefined, {
    timeout: timeoutMs,
  });
  return "reloaded";
}
