// @ts-check
// The one place that knows where the kit's files are: the folder holding its package.json, found
// by walking up from this file, so it holds in a clone, in the installed package (lib/kit/) and for
// the repository's scripts. Plain JavaScript with Node built-ins only: `npm test` and `npm start`
// need it before anything is installed or compiled.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const PACKAGE_NAME = "pwa-conformance-kit";

/**
 * @param {string} from a file inside the kit
 * @returns {string}
 */
function findRoot(from) {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && /** @type {{ name?: string }} */ (JSON.parse(readFileSync(manifest, "utf8"))).name === PACKAGE_NAME) return dir;
    if (dirname(dir) === dir) throw new Error(`Failed to find the ${PACKAGE_NAME} package folder above ${from}: the kit's files are incomplete. Reinstall it.`);
  }
}

/** The folder holding the kit's package.json (no trailing separator). */
export const KIT_ROOT = findRoot(fileURLToPath(import.meta.url));
