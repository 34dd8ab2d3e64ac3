/** Reads and validates a profile file; every mistake is reported with its path in the file. */
import { closeSync, openSync, readSync, statSync } from "node:fs";
import { kitPath } from "../../kit/kitPaths.ts";
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

/**
 * A profile is a regular file: a device such as /dev/zero reports size 0 and never ends, and opening a
 * FIFO waits for a writer that may never come. So the kind is checked before opening, and at most one
 * byte past the cap is ever read.
 */
function readCapped(file: string): string {
  const stats = statSync(file);
  if (stats.isDirectory()) throw new ProfileError(`Failed to read profile ${file}: it is a directory. Pass a profile file with --profile.`);
  if (!stats.isFile())
    throw new ProfileError(
      `Failed to read profile ${file}: it is not a regular file (a device, pipe or socket). Save the profile to a file and pass that with --profile.`,
    );
  const buffer = Buffer.alloc(MAX_PROFILE_FILE_BYTES + 1);
  const fd = openSync(file, "r");
  let length = 0;
  try {
    while (length < buffer.length) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
  } finally {
    closeSync(fd);
  }
  if (length > MAX_PROFILE_FILE_BYTES)
    throw new ProfileError(
      `Failed to read profile ${file}: it is larger than the ${MAX_PROFILE_FILE_BYTES} bytes a profile may have. Pass the profile's JSON file with --profile.`,
    );
  return buffer.toString("utf8", 0, length);
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
