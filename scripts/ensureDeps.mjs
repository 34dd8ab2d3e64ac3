// @ts-check
// Makes node_modules match package-lock.json before `npm start` or `npm test` uses it: `npm ci` when
// anything is missing or different, `npm install` only when there is no lockfile. Node built-ins only:
// it runs before anything is installed.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { KIT_ROOT } from "../kit/root.mjs";
import { npm, runCommand, seconds } from "./runCommand.mjs";

export const ROOT = KIT_ROOT;

/**
 * @typedef {{ version?: string; integrity?: string; resolved?: string; link?: boolean; optional?: boolean }} LockEntry
 * @typedef {{ packages?: Record<string, LockEntry & PackageJson> }} Lockfile
 * @typedef {{ engines?: { node?: string } } & Partial<Record<DependencyField, Record<string, string>>>} PackageJson
 * @typedef {"dependencies" | "devDependencies" | "optionalDependencies" | "peerDependencies"} DependencyField
 */

/** @type {readonly DependencyField[]} */
const DEPENDENCY_FIELDS = ["dependencies", "devDependencies", "optionalDependencies", "peerDependencies"];

/** @param {Record<string, string> | undefined} ranges */
const canonical = (ranges) => JSON.stringify(Object.entries(ranges ?? {}).sort(([a], [b]) => a.localeCompare(b)));

/**
 * Why node_modules does not match the lockfile, or undefined when it does. npm writes
 * node_modules/.package-lock.json (the "hidden lockfile") after every install with one entry per
 * installed package, the same entries as package-lock.json minus optional packages skipped on this
 * platform. Comparing entries, unlike modification times, holds across fresh clones and
 * `git checkout`, which leave times in no useful order.
 * @param {PackageJson} manifest package.json
 * @param {Lockfile} lock package-lock.json
 * @param {Lockfile | undefined} installed node_modules/.package-lock.json, undefined when absent
 * @param {(path: string) => boolean} isInstalled whether a `node_modules/…` path exists
 * @returns {string | undefined}
 */
export function staleReason(manifest, lock, installed, isInstalled) {
  const wanted = lock.packages;
  if (!wanted) return "package-lock.json has no 'packages' map (lockfile v1)";
  const mismatch = manifestMismatch(manifest, lock);
  if (mismatch) return mismatch;
  if (!installed?.packages) return isInstalled("node_modules") ? "node_modules has no .package-lock.json" : "node_modules is missing";
  for (const [path, entry] of Object.entries(installed.packages)) {
    if (path === "") continue;
    const want = wanted[path];
    if (!want) return `${path} is installed but not in package-lock.json`;
    for (const key of /** @type {const} */ (["version", "integrity", "resolved", "link"])) {
      if (want[key] !== entry[key]) return `${path} has ${key} ${entry[key]}, package-lock.json wants ${want[key]}`;
    }
    if (!isInstalled(path)) return `${path} is missing`;
  }
  for (const [path, entry] of Object.entries(wanted)) {
    if (path !== "" && !entry.optional && !installed.packages[path]) return `${path} is not installed`;
  }
  return undefined;
}

/**
 * How package.json and the copy of it in package-lock.json disagree, or undefined when they agree.
 * @param {PackageJson} manifest
 * @param {Lockfile} lock
 */
export function manifestMismatch(manifest, lock) {
  const field = DEPENDENCY_FIELDS.find((name) => canonical(manifest[name]) !== canonical(lock.packages?.[""]?.[name]));
  return field && `package.json's ${field} differ from package-lock.json's`;
}

/**
 * Optional dependencies of locked packages that have no entry of their own in the lockfile, as
 * `name (of path)`. npm ci refuses such a lockfile ("Missing: x@ from lock file") even though
 * these are binaries for other platforms that it would skip. `npm install` writes such lockfiles
 * when the registry lacks those binaries, as the one our CI reaches does for some
 * (@biomejs/cli-darwin-arm64 2.6.8, @rollup/rollup-* 4.x).
 * @param {Lockfile} lock
 * @returns {string[]}
 */
export function unlockedOptionals(lock) {
  const packages = lock.packages ?? {};
  /** @param {string} from @param {string} name */
  const resolves = (from, name) => {
    // Node's lookup: from/node_modules/name, then each enclosing node_modules up to the root.
    for (let dir = from; ; ) {
      if (`${dir ? `${dir}/` : ""}node_modules/${name}` in packages) return true;
      if (dir === "") return false;
      const parent = dir.lastIndexOf("/node_modules/");
      dir = parent === -1 ? "" : dir.slice(0, parent);
    }
  };
  return Object.entries(packages).flatMap(([path, entry]) =>
    Object.keys(entry.optionalDependencies ?? {})
      .filter((name) => !resolves(path, name))
      .map((name) => `${name} (of ${path || "the root"})`),
  );
}

/**
 * Whether this Node satisfies package.json's `engines.node` when it is made of `^MAJOR.MINOR` and
 * `>=MAJOR.MINOR` alternatives joined by `||` (minors optional); a range of any other form is left
 * to npm, and passes here.
 * @param {string | undefined} range
 * @param {string} version process.versions.node
 */
export function nodeSatisfies(range, version) {
  const alternatives = (range ?? "").split("||").map((alternative) => /^(\^|>=)\s*(\d+)(?:\.(\d+))?$/.exec(alternative.trim()));
  if (alternatives.some((alternative) => alternative === null)) return true;
  const [major = 0, minor = 0] = version.split(".").map(Number);
  return alternatives.some((alternative) => {
    const [, operator, wantMajor, wantMinor = "0"] = /** @type {RegExpExecArray} */ (alternative);
    const atLeast = major > Number(wantMajor) || (major === Number(wantMajor) && minor >= Number(wantMinor));
    return atLeast && (operator === ">=" || major === Number(wantMajor));
  });
}

/** @param {string} path */
function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : undefined;
}

/** @param {string} path */
const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);

/**
 * Installs dependencies when they are missing or stale, printing progress lines that start with
 * `prefix`. Resolves to false, after printing why, when it cannot.
 * @param {string} prefix e.g. `[start]`
 * @returns {Promise<boolean>}
 */
export async function ensureDeps(prefix) {
  /** @type {PackageJson} */
  const manifest = readJson(join(ROOT, "package.json"));
  const range = manifest.engines?.node;
  if (!nodeSatisfies(range, process.versions.node)) {
    console.error(`${prefix} Failed to start: this is Node ${process.versions.node}, the project needs Node ${range}. Install Node 24 (or 22).`);
    return false;
  }
  /** @type {Lockfile | undefined} */
  const lock = readJson(join(ROOT, "package-lock.json"));
  const hiddenPath = join(ROOT, "node_modules", ".package-lock.json");
  const reason = lock
    ? staleReason(manifest, lock, readJson(hiddenPath), (path) => existsSync(join(ROOT, path)))
    : mtime(hiddenPath) < mtime(join(ROOT, "package.json"))
      ? "package.json is newer than node_modules"
      : undefined;
  if (reason === undefined) return true;

  // npm ci, except where it cannot work: no lockfile, or one that lacks other platforms' optional
  // binaries. There `npm install` installs the locked versions and skips those binaries; a
  // package.json out of step with the lockfile still goes to npm ci, which says so and stops.
  const unlocked = lock && !manifestMismatch(manifest, lock) ? unlockedOptionals(lock) : [];
  const command = lock && unlocked.length === 0 ? "ci" : "install";
  if (unlocked.length > 0) {
    const examples = unlocked.slice(0, 2).join(", ");
    console.log(`${prefix} not npm ci: package-lock.json lacks ${unlocked.length} optional platform binaries that npm ci requires (${examples}, …)`);
  }
  console.log(`${prefix} installing dependencies (npm ${command}: ${reason})…`);
  const [cmd, args] = npm(command, "--no-audit", "--no-fund");
  const result = await runCommand(cmd, args, { cwd: ROOT });
  if (result.notFound) {
    console.error(`${prefix} Failed to install dependencies: npm is not on PATH. Install Node 24 (or 22) with npm, then run this again.`);
    return false;
  }
  if (result.code !== 0) {
    console.error(`${prefix} Failed to install dependencies: npm ${command} exited with code ${result.code}. See npm's message above.`);
    return false;
  }
  console.log(`${prefix} dependencies installed in ${seconds(result.ms)}`);
  return true;
}
