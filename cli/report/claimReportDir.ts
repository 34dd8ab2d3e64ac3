/**
 * A report directory holds the user's files beside the kit's, so the kit writes only its own names
 * there and removes only what it wrote. It marks a directory it writes to with REPORT_DIR_MARKER,
 * listing the names it wrote; a directory that is missing, empty or marked is the kit's. Playwright
 * empties `html/` (its HTML reporter) and `artifacts/` (the run's outputDir) by itself, so those
 * may only be folders the kit made: that is checked here, before Playwright starts.
 */
import { lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { CHECKLIST_PAGE } from "../../kit/kitPaths.ts";
import { replaceFile } from "../../kit/replaceFile.ts";

export const REPORT_DIR_MARKER = ".pwa-conformance-kit";

/** Every name the kit writes in a report directory (playwright.config.ts, conformanceReporter.ts, a shard's blob/: check.ts). */
export const REPORT_ENTRIES = [
  "conformance.md",
  "conformance.json",
  "conformance.html",
  "conformance.sarif",
  CHECKLIST_PAGE,
  "junit.xml",
  "html",
  "artifacts",
  "blob",
] as const;

/** A marker is a short list; anything longer is not one the kit wrote. */
const MAX_MARKER_BYTES = 4_096;
/** How many of the user's names a refusal shows; the rest are counted. */
const NAMES_SHOWN = 5;

const MESSAGES = {
  notDirectory: (dir: string) => `Failed to use ${dir} as the report directory: it is not a directory. Name a directory with --report-dir.`,
  unusable: (dir: string, why: string) => `Failed to use ${dir} as the report directory: ${why}. Name a directory you may write to with --report-dir.`,
  notKits: (dir: string, names: string) =>
    `Failed to use ${dir} as the report directory: it is not empty and the kit did not create it (it holds ${names}). Name a new or empty directory with --report-dir, or pass --force to write the report beside those files.`,
  taken: (dir: string, names: string) =>
    `Failed to use ${dir} as the report directory: ${names} would be replaced, and the kit did not write them. Move them, or name another directory with --report-dir.`,
} as const;

export class ReportDirError extends Error {}

interface Marker {
  readonly wrote: readonly string[];
}

function isKitEntry(name: string): boolean {
  return (REPORT_ENTRIES as readonly string[]).includes(name);
}

/** The names a marker lists (only the kit's own), or null when there is no valid marker. */
function readMarker(dir: string): Set<string> | null {
  const file = join(dir, REPORT_DIR_MARKER);
  try {
    // lstat: a link at the marker's name is not a marker the kit wrote, whatever it points to.
    const stats = lstatSync(file);
    if (!stats.isFile() || stats.size > MAX_MARKER_BYTES) return null;
    const marker = JSON.parse(readFileSync(file, "utf8")) as Partial<Marker>;
    if (!Array.isArray(marker.wrote)) return null;
    return new Set(marker.wrote.filter((name): name is string => typeof name === "string" && isKitEntry(name)));
  } catch {
    return null;
  }
}

/** Written beside and renamed over its name (kit/replaceFile.ts): a link put there is replaced, never written through. */
function writeMarker(dir: string, wrote: readonly string[]): void {
  const marker: Marker = { wrote };
  replaceFile(join(dir, REPORT_DIR_MARKER), `${JSON.stringify({ ...marker, note: "Written by pwa-conformance-kit: the files it may replace here." })}\n`);
}

function display(dir: string, names: readonly string[]): string {
  const shown = names.slice(0, NAMES_SHOWN).map((name) => {
    try {
      return statSync(join(dir, name)).isDirectory() ? `${name}/` : name;
    } catch {
      return name;
    }
  });
  const more = names.length - shown.length;
  return more > 0 ? `${shown.join(", ")} and ${more} more` : shown.join(", ");
}

function why(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}

/** The directory's entries, or null when it does not exist. */
function entriesOf(dir: string): string[] | null {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(dir).isDirectory();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new ReportDirError(MESSAGES.unusable(dir, why(error)));
  }
  if (!isDirectory) throw new ReportDirError(MESSAGES.notDirectory(dir));
  try {
    return readdirSync(dir);
  } catch (error) {
    throw new ReportDirError(MESSAGES.unusable(dir, why(error)));
  }
}

/**
 * Creates `dir` and its missing parents one at a time, returning the first it created. Node's own
 * `mkdirSync(dir, { recursive: true })` never returns where mkdir fails with ENOENT under a parent
 * that exists (`/proc/self/report`).
 */
function makeDirectory(dir: string): string {
  const missing: string[] = [];
  for (let path = dir; ; path = dirname(path)) {
    try {
      statSync(path);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || dirname(path) === path) throw error;
      missing.unshift(path);
    }
  }
  for (const [index, path] of missing.entries()) {
    try {
      mkdirSync(path);
    } catch (error) {
      if (index > 0) rmSync(missing[0] as string, { recursive: true, force: true });
      throw error;
    }
  }
  return missing[0] ?? dir;
}

/**
 * Makes `dir` the kit's report directory, or throws a ReportDirError saying why it may not be, having
 * changed nothing. A directory of the kit's loses the files its marker lists; one the kit did not
 * create is used only with `force`, and even then none of its files is replaced. Afterwards the
 * marker lists every name the run may write; `recordReportEntries` narrows it to what was written.
 * The result undoes what the claim added (the directory or the marker) when nothing ran after all.
 */
export function claimReportDir(dir: string, force: boolean): { readonly undo: () => void } {
  const entries = entriesOf(dir);
  const listed = entries === null ? new Set<string>() : (readMarker(dir) ?? null);
  if (entries !== null && listed === null && entries.length > 0) {
    // A marker's name holding no marker (a link, a file of the user's) is theirs: never replaced, even forced.
    const taken = entries.filter((name) => isKitEntry(name) || name === REPORT_DIR_MARKER);
    if (!force) throw new ReportDirError(MESSAGES.notKits(dir, display(dir, [...taken, ...entries.filter((name) => !taken.includes(name))])));
    if (taken.length > 0) throw new ReportDirError(MESSAGES.taken(dir, display(dir, taken)));
  }
  const taken = (entries ?? []).filter((name) => isKitEntry(name) && !listed?.has(name));
  if (taken.length > 0) throw new ReportDirError(MESSAGES.taken(dir, display(dir, taken)));

  let created: string | undefined;
  try {
    if (entries === null) created = makeDirectory(dir);
    writeMarker(dir, REPORT_ENTRIES);
  } catch (error) {
    // Leave no folder behind for a directory the kit could not use.
    if (created !== undefined) rmSync(created, { recursive: true, force: true });
    throw new ReportDirError(MESSAGES.unusable(dir, why(error)));
  }
  for (const name of listed ?? []) rmSync(join(dir, name), { recursive: true, force: true });
  return {
    undo: () => {
      if (created !== undefined) rmSync(created, { recursive: true, force: true });
      else if (listed === null) rmSync(join(dir, REPORT_DIR_MARKER), { force: true });
    },
  };
}

/** After a run: the marker lists only the names the run wrote, so a later file of the user's under another of them is safe. */
export function recordReportEntries(dir: string): void {
  const entries = entriesOf(dir);
  if (entries === null || readMarker(dir) === null) return;
  writeMarker(
    dir,
    REPORT_ENTRIES.filter((name) => entries.includes(name)),
  );
}
