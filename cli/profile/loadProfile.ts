/** Reads and validates a profile file; every mistake is reported with its path in the file. */
import { kitPath } from "../../kit/kitPaths.ts";
import { readSmallFile } from "../../kit/readSmallFile.ts";
import { describeIssues } from "../../mock-server/http/validation.ts";
import { Profile } from "./profileSchema.ts";

export const REFERENCE_PROFILE = kitPath("cli", "profile", "reference.json");

/**
 * Far above any hand-written profile (the kit's three are under 2 kB), as scenario files are capped
 * (mock-server/loadScenarioFile.ts); refuses a wrong file such as a build artefact quickly.
 */
export const MAX_PROFILE_FILE_BYTES = 1_000_000;

export class ProfileError extends Error {}

export function parseProfile(json: string, source: string): Profile {
  let data: unknown;
  try {
    // Editors on Windows save UTF-8 with a byte-order mark, which JSON.parse refuses.
    data = JSON.parse(json.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new ProfileError(`Failed to read profile ${source}: it is not valid JSON (${(error as Error).message}). Check the syntax.`);
  }
  const parsed = Profile.safeParse(data);
  if (!parsed.success) throw new ProfileError(`Failed to read profile ${source}: ${describeIssues(parsed.error, "profile")}.`);
  return parsed.data;
}

/** The profile's text; its kind and size checked first (readSmallFile). */
function readCapped(file: string): string {
  const read = readSmallFile(file, MAX_PROFILE_FILE_BYTES);
  if ("text" in read) return read.text;
  const why = {
    directory: "it is a directory. Pass a profile file with --profile.",
    "not a regular file": "it is not a regular file (a device, pipe or socket). Save the profile to a file and pass that with --profile.",
    "too large": `it is larger than the ${MAX_PROFILE_FILE_BYTES} bytes a profile may have. Pass the profile's JSON file with --profile.`,
  }[read.problem];
  throw new ProfileError(`Failed to read profile ${file}: ${why}`);
}

export function loadProfile(file: string = REFERENCE_PROFILE): Profile {
  let json: string;
  try {
    json = readCapped(file);
  } catch (error) {
    if (error instanceof ProfileError) throw error;
    throw new ProfileError(
      `Failed to read profile ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}. Pass an existing file with --profile.`,
    );
  }
  return parseProfile(json, file);
}
