/** Reads and validates a profile file; every mistake is reported with its path in the file. */
import { readFileSync } from "node:fs";
import { kitPath } from "../../kit/kitPaths.ts";
import { describeIssues } from "../../mock-server/http/validation.ts";
import { Profile } from "./profileSchema.ts";

export const REFERENCE_PROFILE = kitPath("cli", "profile", "reference.json");

export class ProfileError extends Error {}

export function parseProfile(json: string, source: string): Profile {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (error) {
    throw new ProfileError(`Failed to read profile ${source}: it is not valid JSON (${(error as Error).message}). Check the syntax.`);
  }
  const parsed = Profile.safeParse(data);
  if (!parsed.success) throw new ProfileError(`Failed to read profile ${source}: ${describeIssues(parsed.error, "profile")}.`);
  return parsed.data;
}

export function loadProfile(file: string = REFERENCE_PROFILE): Profile {
  let json: string;
  try {
    json = readFileSync(file, "utf8");
  } catch (error) {
    throw new ProfileError(
      `Failed to read profile ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}. Pass an existing file with --profile.`,
    );
  }
  return parseProfile(json, file);
}
