/**
 * The profile's format versions and the way from each older one to today's (docs/versioning.md).
 * Format 1 is every profile written before the format carried a `version` (the kit's first weeks,
 * 2026-11-22 to 2026-11-27); format 2 is today's, `"version": 2`. A profile without `version` is
 * read as format 1: each spelling format 2 changed is rewritten in memory with a note saying what
 * became what, except where the kit cannot know the new value (a button's page with no home to
 * take it from, say), which it names with how to add it. Format 1's two pages are format 2's too
 * (format 2 takes one or more; it once needed three). `init --upgrade` writes the result.
 */
import { PROFILE_FORMAT } from "./profileSchema.ts";

export interface ProfileUpgrade {
  /** The format the profile was read as. */
  readonly from: number;
  /** The profile in today's format, as far as the kit could take it; validated by the caller. */
  readonly profile: unknown;
  /** One line per change made, each naming the old spelling and the new one. */
  readonly notes: readonly string[];
  /** One line per change the kit could not make, each saying what to add. */
  readonly needs: readonly string[];
}

/** A profile's `version` the kit cannot read: not a format number, or a format newer than the kit's. */
export class ProfileVersionError extends Error {}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const quoted = (value: unknown) => JSON.stringify(value);

/** Puts `key` with `value` where `old` was, the others in their order: `init --upgrade` rewrites the file as its team laid it out. */
function replaceKey(object: Json, old: string, key: string, value: unknown): void {
  const entries = Object.entries(object).map(([name, kept]): [string, unknown] => (name === old ? [key, value] : [name, kept]));
  for (const name of Object.keys(object)) delete object[name];
  Object.assign(object, Object.fromEntries(entries));
}

/**
 * One change from format 1 to 2 (the commit that made it above each): rewrites `profile` in place
 * and returns its note, returns `{ needs }` when only the team knows the new value, or null when
 * the profile does not have the old spelling.
 */
type FormatChange = (profile: Json) => string | { needs: string } | null;

/** Exported for docs/profile.md's table of changes, which a test keeps to one row each. */
export const FORMAT_1_TO_2: readonly FormatChange[] = [
  // 9fc8ae7: data requests told apart by accept, header or query.
  (profile) => {
    if (!("dataAccept" in profile)) return null;
    const accept = profile.dataAccept;
    if (profile.data !== undefined) return { needs: 'has both "dataAccept" (format 1) and "data": keep "data" and remove "dataAccept"' };
    replaceKey(profile, "dataAccept", "data", { accept });
    return `"dataAccept": ${quoted(accept)} is now "data": {"accept": ${quoted(accept)}}`;
  },
  // 9fc8ae7: the digest by selector or pattern; format 1's string was a selector.
  (profile) => {
    const serverError = isObject(profile.fallbacks) ? profile.fallbacks.serverError : undefined;
    if (!isObject(serverError) || typeof serverError.digest !== "string") return null;
    const selector = serverError.digest;
    serverError.digest = { selector };
    return `"fallbacks.serverError.digest": ${quoted(selector)} is now "digest": {"selector": ${quoted(selector)}}`;
  },
  // d57ab2f: nothing read it; an error view that replaces the document is found by its text.
  (profile) => {
    if (!isObject(profile.fallbacks)) return null;
    const removed = Object.entries(profile.fallbacks).filter(([, page]) => isObject(page) && "replacesDocument" in page);
    for (const [, page] of removed) delete (page as Json).replacesDocument;
    if (removed.length === 0) return null;
    return `"replacesDocument" is gone (nothing read it), removed from ${removed.map(([name]) => `"fallbacks.${name}"`).join(", ")}`;
  },
  // a50271a: ERR-5's button names the page it is on; format 1's suite pressed it on the
  // clientError path (its query left out) or, without one, on home.
  (profile) => {
    const clientError = isObject(profile.fallbacks) ? profile.fallbacks.clientError : undefined;
    if (!isObject(clientError) || typeof clientError.trigger !== "string") return null;
    const where = typeof clientError.path === "string" ? clientError.path : profile.home;
    const path = typeof where === "string" ? where.split("?")[0] : undefined;
    if (!path)
      return {
        needs: `"fallbacks.clientError.trigger" is now {"path": …, "name": ${quoted(clientError.trigger)}}: add the path of the page that has the button`,
      };
    const trigger = { path, name: clientError.trigger };
    clientError.trigger = trigger;
    return `"fallbacks.clientError.trigger": ${quoted(trigger.name)} is now {"path": ${quoted(path)}, "name": ${quoted(trigger.name)}} (the page format 1 pressed it on)`;
  },
];

/** The format a profile says it is in: format 1 without `version`. */
function formatOf(data: Json): number {
  const { version } = data;
  if (version === undefined) return 1;
  if (!Number.isInteger(version) || (version as number) < 1)
    throw new ProfileVersionError(`"version" is ${quoted(version)}: it must be the profile format's number, ${PROFILE_FORMAT} for this kit`);
  if ((version as number) > PROFILE_FORMAT)
    throw new ProfileVersionError(
      `"version" is ${version}, a profile format newer than this kit's (${PROFILE_FORMAT}): upgrade pwa-conformance-kit to a release that reads it (docs/versioning.md), or write the profile for this one`,
    );
  return version as number;
}

/**
 * The profile's parsed JSON in today's format: unchanged when it is in it (or is no object, which
 * the schema then refuses), else a copy with each change of FORMAT_1_TO_2 that applies made or
 * named. Throws ProfileVersionError for a `version` the kit cannot read.
 */
export function upgradeProfile(data: unknown): ProfileUpgrade {
  if (!isObject(data)) return { from: PROFILE_FORMAT, profile: data, notes: [], needs: [] };
  const from = formatOf(data);
  if (from === PROFILE_FORMAT) return { from, profile: data, notes: [], needs: [] };
  const profile = structuredClone(data);
  const notes: string[] = [];
  const needs: string[] = [];
  for (const change of FORMAT_1_TO_2) {
    const result = change(profile);
    if (typeof result === "string") notes.push(result);
    else if (result !== null) needs.push(result.needs);
  }
  // After $schema, where init writes it, so an upgraded file reads as a new one does.
  const { $schema, version: older, ...rest } = profile;
  notes.push(older === undefined ? `"version": ${PROFILE_FORMAT} is added (format 1 had none)` : `"version": ${quoted(older)} is now ${PROFILE_FORMAT}`);
  return { from, profile: { ...($schema === undefined ? {} : { $schema }), version: PROFILE_FORMAT, ...rest }, notes, needs };
}
