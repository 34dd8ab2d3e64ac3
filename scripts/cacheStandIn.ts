/**
 * Local stand-ins for actions/cache/restore and actions/cache/save, for scripts/actionSteps.ts: the
 * same inputs and outputs for one exact key and one path, with a folder per key in `store` in place
 * of GitHub's cache service. Anything they do not cover (restore-keys, several paths, globs, other
 * options) is refused rather than run differently from GitHub.
 */
import { cpSync, existsSync, renameSync, rmSync } from "node:fs";
import { isAbsolute, join } from "node:path";

const SUPPORTED = /^actions\/cache\/(restore|save)@v6$/;
const INPUTS = new Set(["path", "key"]);

/** Runs the step `uses` with its `with` inputs; returns its outputs. Throws for any other action. */
export function runCacheStandIn(uses: string, inputs: Readonly<Record<string, string>>, store: string | undefined, name: string): Record<string, string> {
  const kind = SUPPORTED.exec(uses)?.[1];
  if (kind === undefined)
    throw new Error(`action.yml step '${name}' uses ${uses}; this local runner can run only actions/cache/restore@v6 and actions/cache/save@v6.`);
  if (store === undefined) throw new Error(`action.yml step '${name}' uses ${uses}; pass runActionSteps a cacheStore folder to stand in for GitHub's cache.`);
  for (const input of Object.keys(inputs))
    if (!INPUTS.has(input)) throw new Error(`action.yml step '${name}' gives ${uses} the input '${input}', which the local stand-in does not cover.`);
  const { path = "", key = "" } = inputs;
  if (!isAbsolute(path) || path.includes("\n") || /[*?[]/.test(path))
    throw new Error(`action.yml step '${name}': the stand-in takes one absolute path without globs, not '${path}'.`);
  if (!/^[^/\\,]{1,512}$/.test(key)) throw new Error(`action.yml step '${name}': the cache key '${key}' is empty, too long or has a slash or comma.`);
  const saved = join(store, key);
  if (kind === "restore") {
    if (!existsSync(saved)) {
      console.log(`[cache] Cache not found for input keys: ${key}`);
      return { "cache-hit": "false", "cache-primary-key": key };
    }
    cpSync(saved, path, { recursive: true, verbatimSymlinks: true });
    console.log(`[cache] Cache restored from key: ${key}`);
    return { "cache-hit": "true", "cache-primary-key": key, "cache-matched-key": key };
  }
  // Like the real one, a key already saved is left as it is, with a warning, not a failure.
  if (existsSync(saved)) console.log(`[cache] Warning: a cache with the key ${key} exists; not saved.`);
  else if (!existsSync(path)) console.log(`[cache] Warning: Path Validation Error: ${path} does not exist; not saved.`);
  else {
    // Complete or absent: a copy cut short must not be restored as a hit.
    const partial = `${saved}.partial`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(path, partial, { recursive: true, verbatimSymlinks: true });
    renameSync(partial, saved);
    console.log(`[cache] Cache saved with key: ${key}`);
  }
  return {};
}
