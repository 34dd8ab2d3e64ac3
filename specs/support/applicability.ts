/**
 * "Not applicable" for the conformance verdict: a spec that needs something the profile does not
 * give (a path, a hook only the reference app has) ends as not applicable, with the reason, instead of
 * failing. Against the reference profile everything applies, so nothing is ever left out there.
 */
import { test } from "@playwright/test";
import type { Profile } from "../profile/profileSchema.ts";

export const NOT_APPLICABLE = "not-applicable";

/**
 * In target mode the app sits behind the mock server's proxy: its own configuration cannot be
 * switched, and a document status fault shows the proxy's page rather than the app's. The reference
 * profile's hooks that rely on the mock server serving the app itself apply only without it.
 */
export const PROXIED = Boolean(process.env.PCK_TARGET);

/** The reference profile's server-side hooks, when the mock server serves the reference app itself. */
export function servedReference(profile: Profile, what: string): NonNullable<Profile["reference"]> {
  return needs(PROXIED ? undefined : profile.reference, `${what} (only when the mock server serves the reference app itself)`);
}

/** Marks the running test not applicable when `value` is missing; returns it otherwise. */
export function needs<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) {
    test.info().annotations.push({ type: NOT_APPLICABLE, description: `the profile has no ${what}` });
    test.info().skip(true, `not applicable: the profile has no ${what}`);
    throw new Error("unreachable: skip() ends the test");
  }
  return value;
}

/** Marks the running test not applicable when the profile lists one of its clauses as such. */
export function applyProfileExclusions(profile: Profile): void {
  for (const [clause, reason] of Object.entries(profile.notApplicable)) {
    if (new RegExp(`\\b${clause}\\b`).test(test.info().title)) {
      test.info().annotations.push({ type: NOT_APPLICABLE, description: reason });
      test.info().skip(true, `not applicable: ${reason}`);
    }
  }
}
