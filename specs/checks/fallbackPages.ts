/**
 * The failure pages ERR-1..5 judge, and how a test finds the app's own in its profile: the same in
 * Chromium's specs (specs/fallbacks.spec.ts) and the engines' (specs/engines/fallbacks.spec.ts).
 */
import type { Profile } from "../../cli/profile/profileSchema.ts";
import { cameWithin, needs, notChecked, servedReference } from "../harness/applicability.ts";
import { expect } from "../harness/expect.ts";
import type { MockServer } from "../harness/mockServerProcess.ts";
import { dataFaultsApply } from "./dataRequests.ts";
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

/** For each digest shown, how many of fault `faultId`'s journal entries carry it ("<digest>: <n>"): one each, for ERR-4's two requests. */
export async function journaledDigests(server: Pick<MockServer, "journal">, faultId: string, shown: readonly (string | null)[]): Promise<string[]> {
  const digests = (await server.journal()).filter((entry) => entry.fault === faultId).map((entry) => entry.digest);
  return shown.map((digest) => `${digest}: ${digests.filter((d) => d === digest).length}`);
}

/** ERR-4's data answer: a data request the mock server can fail, on the reference app, whose errors the mock server renders. */
export function dataServerErrorDrivable(profile: Profile): void {
  dataFaultsApply(profile);
  if (!profile.reference) notChecked("a data request's 500 shows the app's own error view only on the reference app, whose errors the mock server renders");
}

/** What ERR-4's two-request test does with a page, in any engine. */
export interface ErrorPageView {
  /** Loads (`"goto"`) or reloads the failing page. */
  readonly open: (how: "goto" | "reload") => Promise<void>;
  /** Resolves once the server-error page's text shows. */
  readonly shown: () => Promise<void>;
  /** The digest the page shows, or null. */
  readonly digest: () => Promise<string | null>;
}

/**
 * ERR-4's two requests a 500 fault answers: each shows the server-error page, with a digest of its
 * own, and the server journaled each digest once.
 */
export async function expectTwoDigests(view: ErrorPageView, server: Pick<MockServer, "journal">, faultId: string): Promise<void> {
  const shownAfter = async (how: "goto" | "reload") => {
    await view.open(how);
    await view.shown();
    return view.digest();
  };
  const first = await shownAfter("goto");
  const second = await shownAfter("reload");
  expect(second, `the digest after a reload (the first was ${first})`).not.toBe(first);
  await expect
    .poll(() => journaledDigests(server, faultId, [first, second]), { message: "journal entries of the fault with each digest shown" })
    .toEqual([`${first}: 1`, `${second}: 1`]);
}

/** The digest shown is one (no spaces), and the one the server journaled for the fault's request, when a fault made the error. */
export async function expectDigestJournaled(
  shown: string | null,
  where: string,
  server: Pick<MockServer, "journal">,
  faultId: string | null | undefined,
): Promise<void> {
  expect(shown ?? "(none shown)", `the digest on the page (${where})`).toMatch(/^\S+$/);
  if (faultId) await expect.poll(async () => (await server.journal()).find((entry) => entry.fault === faultId)?.digest).toBe(shown);
}

/** The mock server numbers each exception a 500 fault injects; an app's own errors may share a digest. */
export const twoDigestsDrivable = (profile: Profile) => servedReference(profile, "a 500 fault's digest for each request");

/**
 * ERR-5's recommended rule is judged beside the application-error page: where that page never shows
 * (`shows` does not resolve: the required rule, which its own test fails), there is nothing to judge
 * it beside, so the test is not checked rather than inconclusive or failed a second time.
 */
export async function errorPageShownFirst(clientError: { readonly text: string }, shows: () => Promise<void>): Promise<void> {
  if (!(await cameWithin("the application-error page shows (ERR-5's required rule)", shows)))
    notChecked(
      `the application-error page ('${clientError.text}') did not show after the exception (ERR-5's required rule fails), so whether the app's frame stays beside it cannot be judged`,
    );
}
