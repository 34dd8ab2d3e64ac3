/**
 * NAV-7's landing pages that must not be stored, as the profile names them, for Chromium's tests
 * (specs/landing-page.spec.ts) and the engines' (specs/engines/landingPage.spec.ts): each is not
 * checked, saying which profile field would let the kit judge it, where the app has none.
 */
import type { Profile } from "../../cli/profile/profileSchema.ts";
import { needs, servedReference } from "../harness/applicability.ts";

/** The app's own path that answers 500, or undefined on the reference app (a fault makes one); not checked otherwise. */
export function serverErrorPath(profile: Profile): string | undefined {
  const path = profile.fallbacks.serverError?.path;
  if (!path) servedReference(profile, "a landing page that answers 500 without a path of the app's own (fallbacks.serverError.path)");
  return path;
}

/** An in-scope page the server sends with `Cache-Control: no-store`. */
export const noStorePath = (profile: Profile) => needs(profile.uncacheable.noStore, "in-scope page sent with Cache-Control: no-store (uncacheable.noStore)");

/** An in-scope URL that redirects. */
export const redirectPath = (profile: Profile) => needs(profile.uncacheable.redirect, "in-scope URL that redirects (uncacheable.redirect)");
