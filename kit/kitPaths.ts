/**
 * Where the kit's own files are, whether it runs from a clone (TypeScript under tsx) or from the
 * installed package (`node_modules/pwa-conformance-kit`, compiled into `lib/` with the same tree).
 * Files other than code (the built app in dist/, the checklist, schemas, profiles, scenarios) keep
 * their places in both, so they are found from the package root, never from the code's own folder.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE_NAME = "pwa-conformance-kit";
const here = fileURLToPath(import.meta.url);

/** Running the compiled JavaScript of the installed package rather than the TypeScript sources. */
export const COMPILED = here.endsWith(".js");

function findRoot(from: string): string {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === PACKAGE_NAME) return dir;
    if (dirname(dir) === dir) throw new Error(`Failed to find the ${PACKAGE_NAME} package folder above ${from}: the kit's files are incomplete. Reinstall it.`);
  }
}

/** The folder holding the kit's package.json. */
export const KIT_ROOT = findRoot(here);

/** A non-code file of the kit, by its path in the repository: `kitPath("docs", "conformance.md")`. */
export function kitPath(...segments: string[]): string {
  return join(KIT_ROOT, ...segments);
}

/** A module of the kit by its TypeScript source path: the source from a clone, `lib/….js` when installed. */
export function kitModule(sourcePath: string): string {
  return COMPILED ? join(KIT_ROOT, "lib", sourcePath.replace(/\.tsx?$/, ".js")) : join(KIT_ROOT, sourcePath);
}
