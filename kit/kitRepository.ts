/**
 * Where the kit's own files are published: its repository on GitHub (package.json's `repository`),
 * and the anchor GitHub gives a heading there. The conformance report's Markdown, which is read as
 * a GitHub job summary where no file beside it can be opened, links the checklist there.
 */

export const KIT_REPOSITORY = "https://github.com/pwa-conformance-kit/pwa-conformance-kit";

/**
 * A file of the repository on its `main` branch, as GitHub shows it. `main`, not the kit's version:
 * no version is tagged yet (the kit is installed from a commit), and the checklist keeps its clause
 * ids stable (a clause that changes meaning gets a new id, docs/conformance.md).
 */
export function kitFileOnGitHub(path: string): string {
  return `${KIT_REPOSITORY}/blob/main/${path}`;
}

/**
 * The anchor GitHub gives a heading (github-slugger): the rendered text in lower case, without
 * punctuation and symbols, spaces turned into hyphens. `` ### `check` options `` is `check-options`.
 */
export function githubSlug(heading: string): string {
  const rendered = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/`/g, "")
    .replace(/\*\*|__/g, "");
  return rendered
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}
