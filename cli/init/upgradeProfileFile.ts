/**
 * `init --upgrade <file>`: rewrites a profile of an older format in today's (cli/profile/upgradeProfile.ts),
 * keeping every value of the user's, and says what changed. A symbolic link, a file that is no
 * profile, or one whose upgrade needs what only its team knows, is refused and nothing written.
 */
import { lstatSync } from "node:fs";
import { fileReadProblem } from "../../kit/jsonFileText.ts";
import { replaceFile } from "../../kit/replaceFile.ts";
import { ProfileError, readProfile } from "../profile/loadProfile.ts";
import { PROFILE_FORMAT } from "../profile/profileSchema.ts";
import { initError } from "./initErrors.ts";

export interface UpgradedFile {
  /** One line per change made; empty when the file was in today's format and left alone. */
  readonly notes: readonly string[];
}

export function upgradeProfileFile(file: string): UpgradedFile {
  let isLink: boolean;
  try {
    isLink = lstatSync(file).isSymbolicLink();
  } catch (error) {
    throw initError("upgradeRead", file, fileReadProblem(error as NodeJS.ErrnoException));
  }
  // Rewriting through a link would change a file elsewhere; replacing the link would cut it.
  if (isLink) throw initError("upgradeLink", file);
  let read: ReturnType<typeof readProfile>;
  try {
    read = readProfile(file, "--upgrade");
  } catch (error) {
    if (error instanceof ProfileError) throw initError("upgradeRefused", error.message);
    throw error;
  }
  if (read.upgraded.length === 0) return { notes: [] };
  try {
    replaceFile(file, `${JSON.stringify(read.json, null, 2)}\n`);
  } catch (error) {
    throw initError("upgradeWrite", file, (error as NodeJS.ErrnoException).code ?? (error as Error).message);
  }
  return { notes: read.upgraded };
}

/** What `init --upgrade` prints once the file is written, or found in today's format. */
export function upgradeSummary(file: string, { notes }: UpgradedFile): string {
  if (notes.length === 0) return `init: ${file} is a profile of format ${PROFILE_FORMAT}, this kit's: nothing to upgrade, nothing written.\n`;
  return `init: upgraded ${file} to profile format ${PROFILE_FORMAT}:\n${notes.map((note) => `  - ${note}\n`).join("")}`;
}
