import type { Profile } from "../../cli/profile/profileSchema.ts";
import { needs } from "../harness/applicability.ts";

/** The app's offline page as its profile describes it; the test is not applicable for an app without one. */
export function offlinePage(profile: Profile): NonNullable<Profile["offline"]> {
  return needs(profile.offline, "offline page (profile: offline)");
}
