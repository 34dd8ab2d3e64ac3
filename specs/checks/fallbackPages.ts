/**
 * The failure pages ERR-1..5 judge, and how a test finds the app's own in its profile: the same in
 * Chromium's specs (specs/fallbacks.spec.ts) and the engines' (specs/engines/fallbacks.spec.ts).
 */
import type { Profile } from "../../cli/profile/profileSchema.ts";
import { needs, notChecked } from "../harness/applicability.ts";
import { notFoundPage } from "./notFoundPage.ts";

export const FALLBACKS = [
  { clause: "ERR-1", status: 404, key: "notFound" },
  { clause: "ERR-2", status: 403, key: "forbidden" },
  { clause: "ERR-3", status: 401, key: "unauthorized" },
] as const;

/**
 * A fallback page the profile describes, or the test is not applicable (no sign-in: no 401 page). A
 * 404 page is never not applicable: an app without one fails ERR-1, and the tests that need its text
 * are not checked (notFoundPage).
 */
export function fallbackOf(profile: Profile, key: (typeof FALLBACKS)[number]["key"], status: number) {
  return key === "notFound" ? notFoundPage(profile) : (profile.fallbacks[key] ?? undecided(`${status} page`, `fallbacks.${key}`));
}

/**
 * A failure page the profile neither describes nor lists as not applicable (init leaves it for the
 * user to decide): without its text the kit cannot recognise it, so its clause is not checked.
 */
export function undecided(page: string, field: string): never {
  return notChecked(`the profile neither describes the app's ${page} (${field}) nor lists its clause under notApplicable`);
}

type ServerError = NonNullable<Profile["fallbacks"]["serverError"]>;

/** ERR-4's server-error page and where it shows the digest, or the test is not checked. */
export function serverErrorOf(profile: Profile): { serverError: ServerError; digest: NonNullable<ServerError["digest"]> } {
  const serverError = profile.fallbacks.serverError ?? undecided("server-error (500) page", "fallbacks.serverError");
  const digest = serverError.digest ?? notChecked("the profile does not say where the page shows the digest (fallbacks.serverError.digest)");
  return { serverError, digest };
}

/** The digest in what the profile's element shows: its whole text, or the pattern's capture group. */
export function digestIn(text: string, digest: NonNullable<ServerError["digest"]>): string | null {
  const shown = text.trim();
  if (!digest.pattern) return shown === "" ? null : shown;
  return new RegExp(digest.pattern).exec(shown)?.[1] ?? null;
}

/** ERR-5's application-error page, or the test is not checked: without its text the kit cannot tell it. */
export function clientErrorOf(profile: Profile): NonNullable<Profile["fallbacks"]["clientError"]> {
  return (
    profile.fallbacks.clientError ??
    notChecked("the profile names no application-error page (fallbacks.clientError with its text), so the kit cannot tell it on the page")
  );
}

/** The button whose click throws (fallbacks.clientError.trigger), or the test is not applicable. */
export const throwingButton = (profile: Profile) => needs(clientErrorOf(profile).trigger, "button that throws (fallbacks.clientError.trigger)");
