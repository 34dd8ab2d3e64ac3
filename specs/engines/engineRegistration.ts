/**
 * What the engine specs read of a page's registration in any engine: the register() calls the
 * journal saw (a call fetches the worker script, whichever engine made it), the page's
 * registrations, and the reference's word that it has decided whether to register. Used by REG's
 * engine specs and ONL-2's registration switch.
 */
import type { Profile } from "../../cli/profile/profileSchema.ts";
import type { EnginePage } from "../../kit/engines/engine.ts";
import { expect } from "../harness/engineFixtures.ts";
import type { MockServer } from "../harness/mockServerProcess.ts";

/** The worker script fetches the journal holds: each is a register() call (or the browser's update check of one). */
export async function scriptFetches(server: MockServer, profile: Profile): Promise<string[]> {
  return (await server.journal()).filter((entry) => entry.url.startsWith(profile.worker.script)).map((entry) => entry.url);
}

/** The scopes of the page's origin's registrations. */
export const registrationScopes = (page: EnginePage) => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope), null);

/**
 * Waits until the app has decided whether to register: the reference says so on the page; any other
 * app has decided once `load` has fired and its listeners ran (goto resolves after load). A page
 * that threw on the way never says so: its errors are then the verdict, not the wait.
 */
export async function decided(page: EnginePage, profile: Profile, errors: () => Promise<string[]>): Promise<void> {
  const selector = profile.reference?.decidedSelector;
  if (selector === undefined) return;
  try {
    await expect
      .poll(() => page.evaluate((wanted) => document.querySelector(wanted) !== null, selector), { message: "the page says it has decided whether to register" })
      .toBe(true);
  } catch (error) {
    if ((await errors()).length === 0) throw error;
  }
}
