/**
 * How a test ends without a verdict of its own, and how it marks its level:
 * - not applicable: the app cannot have the situation (no sign-in, so no 401; no data requests), as
 *   its profile says. A behaviour the app merely lacks is never this: the test runs and fails.
 * - not checked: the kit cannot observe it on this app (a hook only the reference app has).
 * - inconclusive: a `precondition()` the test needs, which belongs to another clause, did not hold.
 * Tests of the checklist's stricter practice carry `RECOMMENDED`; the rest are the required rule.
 */
import { test } from "@playwright/test";
import type { Profile } from "../../cli/profile/profileSchema.ts";
import { readKitEnv } from "../../kit/env.mjs";
import { NOT_APPLICABLE, NOT_CHECKED, PRECONDITION_PREFIX, RECOMMENDED_TAG, WAIT_PREFIX } from "../../kit/outcomes.ts";
import { profileExclusion } from "./profileExclusion.ts";

/** `test(title, RECOMMENDED, body)`: the test checks this checklist's stricter practice. */
export const RECOMMENDED = { tag: RECOMMENDED_TAG } as const;

/**
 * In target mode the app sits behind the mock server's proxy: its own configuration cannot be
 * switched, and a document status fault shows the proxy's page rather than the app's.
 */
export const PROXIED = readKitEnv().target !== undefined;

function leave(type: typeof NOT_APPLICABLE | typeof NOT_CHECKED, reason: string): never {
  test.info().annotations.push({ type, description: reason });
  test.info().skip(true, `${type === NOT_CHECKED ? "not checked" : "not applicable"}: ${reason}`);
  throw new Error("unreachable: skip() ends the test");
}

/** Ends the test as not applicable when the profile says the app cannot have `what`. */
export function needs<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) return leave(NOT_APPLICABLE, `the app has no ${what}`);
  return value;
}

/** Ends the test as not checked: the kit cannot observe this on the app under test. */
export function notChecked(reason: string): never {
  return leave(NOT_CHECKED, reason);
}

/** The reference profile's server-side hooks, usable only when the mock server serves the reference app itself. */
export function servedReference(profile: Profile, what: string): NonNullable<Profile["reference"]> {
  if (PROXIED || !profile.reference) return notChecked(`${what} can be driven only on the reference app, which the mock server serves itself`);
  return profile.reference;
}

/**
 * Runs a step the test needs but does not judge (e.g. "a worker controls the page", REG-2's subject
 * for a NAV test): if it fails, the test is inconclusive with `what` as the reason, never failed.
 */
export function precondition<T>(what: string, body: () => Promise<T>): Promise<T> {
  return test.step(`${PRECONDITION_PREFIX} ${what}`, body);
}

/**
 * Waits for a signal that some worker designs never give (a page stored under its own URL by an
 * app-shell worker, a request of a worker that answers from its cache) and says whether it came.
 * Its timeout is an observation the test goes on from, never a failure or an error of the run.
 */
export async function cameWithin(what: string, body: () => Promise<void>): Promise<boolean> {
  try {
    await test.step(`${WAIT_PREFIX} ${what}`, body);
    return true;
  } catch {
    return false;
  }
}

/**
 * Carries out a test's stimulus (a navigation, a fault, going offline) and confirms it took effect:
 * if `body` throws, the stimulus did not happen, which says nothing about the app's behaviour under
 * test, so the test ends as not checked, naming the profile field that describes the stimulus.
 */
export async function stimulus<T>(what: string, field: string, body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    const why = (error as Error).message.split("\n").find((line) => line.trim() !== "") ?? String(error);
    return stimulusMissed(what, field, why.trim());
  }
}

/** Ends the test as not checked: the stimulus `what` did not happen, `why`, and the profile field that describes it. */
export function stimulusMissed(what: string, field: string, why: string): never {
  return notChecked(`${what} did not happen (${why}); check the profile's ${field}`);
}

/** Marks the running test not applicable when the profile lists its clause, or its clause's level, as such. */
export function applyProfileExclusions(profile: Profile): void {
  const { title, tags } = test.info();
  const reason = profileExclusion(profile, title, tags.includes(RECOMMENDED_TAG) ? "recommended" : "required");
  if (reason !== undefined) leave(NOT_APPLICABLE, reason);
}
