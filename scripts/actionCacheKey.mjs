// @ts-check
// The GitHub Action's cache key (action.yml): names the build of the kit that the cached install
// holds. It hashes content, not the ref's name: `@main` moves, and a composite action's steps get no
// reliable github.action_ref (actions/runner#2473). Node built-ins only: it runs before the kit is
// installed, from the action's own folder.
import { createHash } from "node:crypto";
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** Installs and build outputs: a fresh download of the action has none, a built one must key the same. */
const SKIPPED_ANYWHERE = new Set(["node_modules", ".git"]);
const SKIPPED_AT_TOP = new Set(["lib", "dist"]);

/**
 * Every file under `dir` as `path\0sha256`, sorted by path, so the hash does not depend on the
 * order the file system lists them in.
 * @param {string} dir
 * @param {string} [prefix]
 * @returns {string[]}
 */
function fileHashes(dir, prefix = "") {
  /** @type {string[]} */
  const lines = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED_ANYWHERE.has(entry.name) || (prefix === "" && SKIPPED_AT_TOP.has(entry.name))) continue;
    const path = join(dir, entry.name);
    const name = `${prefix}${entry.name}`;
    if (entry.isDirectory()) lines.push(...fileHashes(path, `${name}/`));
    else if (entry.isSymbolicLink()) lines.push(`${name}\0-> ${readlinkSync(path)}`);
    else if (entry.isFile()) lines.push(`${name}\0${createHash("sha256").update(readFileSync(path)).digest("hex")}`);
  }
  return lines.sort();
}

/**
 * The key: the platform and Node's major version (the install's dependencies are resolved for
 * them), then a hash of what the kit is built from. That is the action's folder (its sources,
 * package.json and package-lock.json at the ref), or, with `kitSource` (the action's kit-source
 * input), that package: a file (a tarball) by its content, anything else (a git URL, a version) as
 * written, so a source naming a branch is cached as the branch stood when first installed.
 * @param {string} actionDir
 * @param {string} [kitSource]
 * @param {{ platform?: string; arch?: string; node?: string }} [machine] defaults: this process's
 * @returns {string}
 */
export function actionCacheKey(actionDir, kitSource = "", machine = {}) {
  const { platform = process.platform, arch = process.arch, node = process.versions.node } = machine;
  const hash = createHash("sha256");
  if (kitSource === "") hash.update(`folder\n${fileHashes(actionDir).join("\n")}`);
  else if (existsSync(kitSource) && statSync(kitSource).isFile()) hash.update(`file\n`).update(readFileSync(kitSource));
  else if (existsSync(kitSource) && lstatSync(kitSource).isDirectory()) hash.update(`folder\n${fileHashes(kitSource).join("\n")}`);
  else hash.update(`spec\n${kitSource}`);
  return `pwa-conformance-kit-${platform}-${arch}-node${node.split(".")[0]}-${hash.digest("hex").slice(0, 20)}`;
}

// `node actionCacheKey.mjs <action folder> [<kit-source>]` prints `key=…` for $GITHUB_OUTPUT; a
// relative kit-source is a path from the current folder, as for npm install.
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [actionDir, kitSource = ""] = process.argv.slice(2);
  if (actionDir === undefined || !existsSync(actionDir)) {
    console.error(`Usage: node actionCacheKey.mjs <action folder> [<kit-source>]; the action folder '${actionDir ?? ""}' does not exist.`);
    process.exit(2);
  }
  console.log(`key=${actionCacheKey(actionDir, kitSource)}`);
}
