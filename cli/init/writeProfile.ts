/**
 * Writes a starter profile and its notes beside it. The profile names the schema of the kit that
 * wrote it in `$schema` (a path relative to the profile, so an editor finds it), and neither file
 * replaces an existing one unless asked to.
 */
import { existsSync, writeFileSync } from "node:fs";
import { basename, dirname, relative, sep } from "node:path";
import { kitPath } from "../../kit/kitPaths.ts";
import type { ProfileInput } from "../profile/profileSchema.ts";
import { initError } from "./initErrors.ts";

/** The schema of the kit being run: in a clone or in the installed package (not under lib/). */
export const SCHEMA_FILE = kitPath("cli", "profile", "profile.schema.json");

/** `app.profile.json` → `app.profile.md`; any other name gets `.md` added. */
export function notesFileFor(profileFile: string): string {
  return profileFile.endsWith(".json") ? `${profileFile.slice(0, -".json".length)}.md` : `${profileFile}.md`;
}

/** The schema's path relative to the profile's folder, with '/' whatever the OS. */
export function schemaReference(profileFile: string, schemaFile = SCHEMA_FILE): string {
  const path = relative(dirname(profileFile), schemaFile).split(sep).join("/");
  return path.startsWith(".") ? path : `./${path}`;
}

/** Throws the `exists` error for the first of `files` that exists, unless `force`. */
export function refuseToOverwrite(files: readonly string[], force: boolean): void {
  if (force) return;
  const existing = files.find((file) => existsSync(file));
  if (existing !== undefined) throw initError("exists", existing);
}

export interface ProfileFiles {
  readonly profile: string;
  readonly notes: string;
}

export function writeProfile(file: string, profile: ProfileInput, notes: (profileFileName: string) => string, force: boolean): ProfileFiles {
  const notesFile = notesFileFor(file);
  refuseToOverwrite([file, notesFile], force);
  const json = `${JSON.stringify({ $schema: schemaReference(file), ...profile }, null, 2)}\n`;
  // `wx` fails rather than replace a file that appeared since the check above.
  const flag = force ? "w" : "wx";
  try {
    writeFileSync(file, json, { flag });
    writeFileSync(notesFile, notes(basename(file)), { flag });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") throw initError("exists", (error as NodeJS.ErrnoException).path ?? file);
    throw error;
  }
  return { profile: file, notes: notesFile };
}
