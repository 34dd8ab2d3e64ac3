/**
 * What every browser context a test's pages open in gets before its first page (the `context`
 * fixture): the spy, and for the self-check only, the deviant worker script or manifest.
 */
import type { BrowserContext } from "@playwright/test";
import type { Profile } from "../../cli/profile/profileSchema.ts";
import { installSpy, SPY_KEYS } from "../checks/spy.ts";
import { type ManifestOverride, overrideManifest } from "./manifestOverride.ts";

export interface ContextSetUp {
  readonly profile: Profile;
  /** A file served in place of the app's worker script (the self-check's deviant workers). */
  readonly workerScript: string | undefined;
  readonly manifestOverride: ManifestOverride | undefined;
}

export async function setUpContext(context: BrowserContext, origin: string, { profile, workerScript, manifestOverride }: ContextSetUp): Promise<void> {
  await context.addInitScript(installSpy, SPY_KEYS);
  if (workerScript !== undefined) {
    const script = new URL(profile.worker.script, origin);
    await context.route(
      (url) => url.origin === script.origin && url.pathname === script.pathname,
      (route) => route.fulfill({ path: workerScript, contentType: "text/javascript", headers: { "cache-control": "no-cache" } }),
    );
  }
  if (manifestOverride !== undefined) await overrideManifest(context, manifestOverride);
}
