/**
 * Where a report's clause rows lead: the checklist page (dist/checklist.html), which every report
 * copies beside conformance.html, at the clause's anchor or its rule at one level; and, for the
 * Markdown, read as a GitHub job summary where no file beside it opens, the clause's heading in
 * docs/conformance.md on GitHub.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { clauseAnchor } from "../../kit/clauseId.ts";
import { CHECKLIST_PAGE, kitPath } from "../../kit/kitPaths.ts";
import { githubSlug, kitFileOnGitHub } from "../../kit/kitRepository.ts";
import type { Level } from "../../kit/outcomes.ts";
import { replaceFile } from "../../kit/replaceFile.ts";

/** A link to a clause, or to its rule at one level, from a report. */
export type ClauseLink = (id: string, title: string, level?: Level) => string;

/** The page beside the report. */
export const onChecklistPage: ClauseLink = (id, _title, level) => `${CHECKLIST_PAGE}#${clauseAnchor(id, level)}`;

/** The clause's heading in docs/conformance.md on GitHub (its levels are lines of the clause there, with no anchor). */
export const onGitHub: ClauseLink = (id, title) => `${kitFileOnGitHub("docs/conformance.md")}#${githubSlug(`${id} — ${title}`)}`;

/**
 * Copies the built checklist page into the report directory, through replaceFile (a link at its
 * name is replaced, never written through). False when the kit has no build of it (a clone before
 * `npm run build`): the report then links GitHub instead.
 */
export function copyChecklistPage(reportDir: string, source = kitPath("dist", CHECKLIST_PAGE)): boolean {
  if (!existsSync(source)) return false;
  replaceFile(join(reportDir, CHECKLIST_PAGE), readFileSync(source));
  return true;
}
