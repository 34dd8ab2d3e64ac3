/**
 * The anchor GitHub gives a heading (github-slugger): the rendered text in lower case, without
 * punctuation and symbols, spaces turned into hyphens. `` ### `check` options `` is `check-options`,
 * `### REG-1 — Register only where supported` is `reg-1--register-only-where-supported`. The docs'
 * tests follow links with it (scripts/docs/markdown.ts); the SARIF report links each clause with it.
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
