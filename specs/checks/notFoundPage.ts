/**
 * The path ERR-1, NAV-6 and NAV-7 ask for when they need one the app does not have, and what the app
 * shows there. An app without a 404 page (no `fallbacks.notFound` in its profile) still answers an
 * unknown path somehow; ERR-1's required rule then fails, and the tests that need its page's text
 * to recognise it are not checked.
 */
import type { Profile } from "../../cli/profile/profileSchema.ts";
import { notChecked } from "../harness/applicability.ts";

type NotFound = NonNullable<Profile["fallbacks"]["notFound"]>;

/** The profile's unknown path, else one inside the scope that no app has. */
export function unknownPath(profile: Profile): string {
  return profile.fallbacks.notFound?.path ?? `${profile.worker.scope}pck-no-such-page`;
}

/** The app's 404 page, or the test is not checked: without its text the kit cannot recognise it. */
export function notFoundPage(profile: Profile): NotFound {
  return profile.fallbacks.notFound ?? notChecked("the profile names no 404 page (fallbacks.notFound): the app has none, which ERR-1's required rule fails");
}
