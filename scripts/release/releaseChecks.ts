/**
 * What a release must be before it is published (docs/versioning.md): its tag names package.json's
 * version, CHANGELOG.md has a section for it (the GitHub release's notes), and the packed tarball
 * holds what package.json's `files` promises, its `bin` and `exports` included, and nothing else.
 * Pure: scripts/release.ts reads the files and runs npm.
 */

/** A release tag: `v` and a version of three numbers (the release workflow's trigger, `v*.*.*`). */
const RELEASE_TAG = /^v(\d+)\.(\d+)\.(\d+)$/;

/** What npm puts in every tarball whatever `files` says (npm's docs, "files"). */
const ALWAYS_PACKED = [/^package\.json$/, /^README(\.[^/]*)?$/i, /^LICEN[CS]E(\.[^/]*)?$/i];

export interface Manifest {
  readonly version: string;
  readonly files: readonly string[];
  readonly bin?: Readonly<Record<string, string>>;
  readonly exports?: Readonly<Record<string, string | Readonly<Record<string, string>>>>;
}

/** Why `tag` cannot release `version`, or null. */
export function tagProblem(tag: string, version: string): string | null {
  if (!RELEASE_TAG.test(tag)) return `the tag '${tag}' is not a release tag: it must be v<major>.<minor>.<patch>, e.g. v${version}`;
  if (tag !== `v${version}`) return `the tag '${tag}' does not name package.json's version ${version}: bump the version (npm version) or tag v${version}`;
  return null;
}

/**
 * The tag the action's users follow for this release, moved to it once it is out: within 0.x a
 * minor may break (docs/versioning.md), so `v0.<minor>`; from 1.0 on, `v<major>`.
 */
export function lineTag(version: string): string {
  const [, major, minor] = RELEASE_TAG.exec(`v${version}`) ?? [];
  if (major === undefined || minor === undefined) throw new Error(`'${version}' is no release version (<major>.<minor>.<patch>).`);
  return major === "0" ? `v0.${minor}` : `v${major}`;
}

/**
 * The body of CHANGELOG.md's section for `version` (Keep a Changelog: `## [1.2.3] - 2026-11-27`),
 * or null when it has none or an empty one.
 */
export function changelogSection(changelog: string, version: string): string | null {
  const lines = changelog.split("\n");
  const heading = new RegExp(`^## \\[${version.replaceAll(".", "\\.")}\\](?: - \\d{4}-\\d{2}-\\d{2})?\\s*$`);
  const start = lines.findIndex((line) => heading.test(line));
  if (start === -1) return null;
  const end = lines.findIndex((line, index) => index > start && /^## /.test(line));
  const body = lines
    .slice(start + 1, end === -1 ? undefined : end)
    .filter((line) => !/^\[[^\]]+\]: /.test(line))
    .join("\n")
    .trim();
  return body === "" ? null : body;
}

/** A `files` entry as a test of a packed path: a file, a folder and what is under it, or a glob of `*`. */
function filesEntry(entry: string): (path: string) => boolean {
  const clean = entry.replace(/^\.?\//, "").replace(/\/$/, "");
  if (!clean.includes("*")) return (path) => path === clean || path.startsWith(`${clean}/`);
  const pattern = new RegExp(
    `^${clean
      .split("*")
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join("[^/]*")}$`,
  );
  return (path) => pattern.test(path);
}

/** The files package.json names to users: its bin and every exports target. */
function promisedFiles(manifest: Manifest): string[] {
  const targets = Object.values(manifest.exports ?? {}).flatMap((target) => (typeof target === "string" ? [target] : Object.values(target)));
  return [...Object.values(manifest.bin ?? {}), ...targets].map((path) => path.replace(/^\.\//, ""));
}

/**
 * What is wrong with a tarball's file list (paths under `package/`, as `tar -t` prints them) for
 * `manifest`: a `files` entry that packed nothing, a bin or exports target missing, a file no entry
 * asked for. Empty when it is what package.json promises.
 */
export function packedFilesProblems(packed: readonly string[], manifest: Manifest): string[] {
  const paths = packed.filter((path) => !path.endsWith("/")).map((path) => path.replace(/^package\//, ""));
  const entries = manifest.files.map((entry) => ({ entry, matches: filesEntry(entry) }));
  return [
    ...entries.filter(({ matches }) => !paths.some(matches)).map(({ entry }) => `the files entry '${entry}' packed nothing`),
    ...promisedFiles(manifest)
      .filter((file) => !paths.includes(file))
      .map((file) => `${file}, which package.json's bin or exports names, is not in the tarball`),
    ...paths
      .filter((path) => !entries.some(({ matches }) => matches(path)) && !ALWAYS_PACKED.some((always) => always.test(path)))
      .map((path) => `${path} is in the tarball though no files entry names it`),
  ];
}
