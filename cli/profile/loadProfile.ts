/** Reads and validates a profile file; every mistake is reported with its path in the file. */
import { fileReadProblem } from "../../kit/jsonFileText.ts";
import { kitPath } from "../../kit/kitPaths.ts";
import { readSmallFile } from "../../kit/readSmallFile.ts";
import { describeIssues } from "../../mock-server/http/validation.ts";
import { PROFILE_FORMAT, Profile } from "./profileSchema.ts";
import { ProfileVersionError, upgradeProfile } from "./upgradeProfile.ts";

export const REFERENCE_PROFILE = kitPath("cli", "profile", "reference.json");

/**
 * Far above any hand-written profile (the kit's three are under 2 kB), as scenario files are capped
 * (mock-server/loadScenarioFile.ts); refuses a wrong file such as a build artefact quickly.
 */
export const MAX_PROFILE_FILE_BYTES = 1_000_000;

export class ProfileError extends Error {}

export interface ReadProfile {
  readonly profile: Profile;
  /** What upgrading an older format changed, one line each (upgradeProfile.ts); empty for today's format. */
  readonly upgraded: readonly string[];
  /** The file's JSON in today's format as the user wrote it: no defaults filled in (what `init --upgrade` writes). */
  readonly json: unknown;
}

const listed = (lines: readonly string[]) => lines.map((line) => `\n  - ${line}`).join("");

/** The profile in `json`, an older format upgraded (upgradeProfile.ts) and saying what changed. */
export function parseProfile(json: string, source: string): ReadProfile {
  let data: unknown;
  try {
    // Editors on Windows save UTF-8 with a byte-order mark, which JSON.parse refuses.
    data = JSON.parse(json.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new ProfileError(`Failed to read profile ${source}: it is not valid JSON (${(error as Error).message}). Check the syntax.`);
  }
  let upgrade: ReturnType<typeof upgradeProfile>;
  try {
    upgrade = upgradeProfile(data);
  } catch (error) {
    if (error instanceof ProfileVersionError) throw new ProfileError(`Failed to read profile ${source}: ${error.message}.`);
    throw error;
  }
  const older = `it is a format ${upgrade.from} profile, written for an earlier kit (profiles of today's format say "version": ${PROFILE_FORMAT}); format ${PROFILE_FORMAT}`;
  if (upgrade.needs.length > 0)
    throw new ProfileError(
      `Failed to read profile ${source}: ${older} changed what only you can fill in:${listed(upgrade.needs)}\n` +
        `Make these changes, then run 'pwa-conformance-kit init --upgrade ${source}', which makes the rest (docs/versioning.md):${listed(upgrade.notes)}`,
    );
  const parsed = Profile.safeParse(upgrade.profile);
  if (!parsed.success) {
    const upgraded = upgrade.notes.length > 0 ? ` (${older} was upgraded in memory first:${listed(upgrade.notes)}\n)` : "";
    throw new ProfileError(`Failed to read profile ${source}${upgraded}: ${describeIssues(parsed.error, "profile")}.`);
  }
  return { profile: parsed.data, upgraded: upgrade.notes, json: upgrade.profile };
}

/** The profile's text; its kind and size checked first (readSmallFile). `flag` is the option that named the file, for the hint. */
function readCapped(file: string, flag: string): string {
  const read = readSmallFile(file, MAX_PROFILE_FILE_BYTES);
  if ("text" in read) return read.text;
  const why = {
    directory: `it is a directory. Pass a profile file with ${flag}.`,
    "not a regular file": `it is not a regular file (a device, pipe or socket). Save the profile to a file and pass that with ${flag}.`,
    "too large": `it is larger than the ${MAX_PROFILE_FILE_BYTES} bytes a profile may have. Pass the profile's JSON file with ${flag}.`,
  }[read.problem];
  throw new ProfileError(`Failed to read profile ${file}: ${why}`);
}

/**
 * The profile's file, read and validated, an older format upgraded in memory and saying what changed.
 * `flag` is the option that named the file (`--profile`, or init's `--upgrade`), for the messages' hints.
 */
export function readProfile(file: string = REFERENCE_PROFILE, flag = "--profile"): ReadProfile {
  let json: string;
  try {
    json = readCapped(file, flag);
  } catch (error) {
    if (error instanceof ProfileError) throw error;
    throw new ProfileError(`Failed to read profile ${file}: ${fileReadProblem(error as NodeJS.ErrnoException)}. Pass an existing file with ${flag}.`);
  }
  return parseProfile(json, file);
}

/** The profile's file, read and validated; an older format is upgraded silently (readProfile says what changed). */
export function loadProfile(file: string = REFERENCE_PROFILE): Profile {
  return readProfile(file).profile;
}

/** What a run says of a profile it upgraded in memory: each change, and how to make them for good. */
export function profileUpgradeNote(file: string, upgraded: readonly string[]): string {
  return `The profile ${file} is written for an earlier kit: it was upgraded in memory to format ${PROFILE_FORMAT}:${listed(upgraded)}\nRun 'pwa-conformance-kit init --upgrade ${file}' to write these changes into it (docs/versioning.md).\n`;
}
