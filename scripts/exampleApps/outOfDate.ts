/**
 * Whether a fixture app with its own package.json (examples/next-app, examples/prompt-app) needs
 * `npm ci` or a build, from file modification times, so a check installs and builds only when
 * something changed.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** Modification time of `path`, 0 when it does not exist. */
export function mtime(path: string): number {
  return existsSync(path) ? statSync(path).mtimeMs : 0;
}

/** Newest modification time under `path`, skipping the paths `skip` picks (what the build itself writes there). */
export function newest(path: string, skip: (path: string) => boolean = () => false): number {
  if (!existsSync(path) || skip(path)) return 0;
  if (!statSync(path).isDirectory()) return mtime(path);
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name), skip)));
}

/**
 * Whether `appDir` (ending in `/`) needs `npm ci`: `bin` (a file the install provides) is missing, or
 * node_modules/.package-lock.json, which npm writes after every install, is older than the lockfile.
 */
export function installIsStale(appDir: string, bin: string): boolean {
  return !existsSync(bin) || mtime(`${appDir}node_modules/.package-lock.json`) < mtime(`${appDir}package-lock.json`);
}

/** Whether a build whose oldest output is `built` (0: missing) is older than any of `sources` under `appDir`. */
export function buildIsStale(appDir: string, built: number, sources: readonly string[], skip?: (path: string) => boolean): boolean {
  return built === 0 || built < Math.max(...sources.map((source) => newest(join(appDir, source), skip)));
}
