/**
 * Writes a starter profile and its notes beside it. The profile names the schema of the kit that
 * wrote it in `$schema` (a path relative to the profile, so an editor finds it), and neither file
 * replaces an existing one unless asked to.
 */
import { accessSync, constants, statSync, writeFileSync } from "node:fs";
import { basename, dirname, relative, sep } from "node:path";
import { kitPath } from "../../kit/kitPaths.ts";
import { replaceFile } from "../../kit/replaceFile.ts";
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

function statOrNull(path: string): ReturnType<typeof statSync> | null {
  try {
    return statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "ENOTDIR") return null;
    throw initError("write", path, (error as NodeJS.ErrnoException).code ?? (error as Error).message);
  }
}

/**
 * Throws the error a write of `files` would meet, before init opens a browser: a directory in the
 * way, a folder that is missing or may not be written, or (unless `force`) a file that exists.
 */
export function checkOutFiles(files: readonly string[], force: boolean): void {
  for (const file of files) {
    const stats = statOrNull(file);
    if (stats?.isDirectory()) throw initError("outIsDirectory", file);
    if (stats && !force) throw initError("exists", file);
    const folder = dirname(file);
    if (!statOrNull(folder)?.isDirectory()) throw initError("noFolder", file, folder);
    try {
      accessSync(stats ? file : folder, constants.W_OK);
    } catch (error) {
      throw initError("write", file, (error as NodeJS.ErrnoException).code ?? (error as Error).message);
    }
  }
}

export interface ProfileFiles {
  readonly profile: string;
  readonly notes: string;
}

export function writeProfile(file: string, profile: ProfileInput, notes: (profileFileName: string) => string, force: boolean): ProfileFiles {
  const notesFile = notesFileFor(file);
  checkOutFiles([file, notesFile], force);
  const json = `${JSON.stringify({ $schema: schemaReference(file), ...profile }, null, 2)}\n`;
  for (const [path, text] of [
    [file, json],
    [notesFile, notes(basename(file))],
  ] as const) {
    try {
      // Without force, `wx` fails rather than replace a file that appeared since the check above; with
      // it, replaceFile renames a new file over the name, so a link there is replaced, never written through.
      if (force) replaceFile(path, text);
      else writeFileSync(path, text, { flag: "wx" });
    } catch (error) {
      const { code } = error as NodeJS.ErrnoException;
      if (code === "EEXIST") throw initError("exists", path);
      throw initError("write", path, code ?? (error as Error).message);
    }
  }
  return { profile: file, notes: notesFile };
}
