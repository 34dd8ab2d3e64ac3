/**
 * Where the kit's own files are, whether it runs from a clone (TypeScript under tsx) or from the
 * installed package (`node_modules/pwa-conformance-kit`, compiled into `lib/` with the same tree).
 * Files other than code (the built app in dist/, the checklist, schemas, profiles, scenarios) keep
 * their places in both, so they are found from the package root, never from the code's own folder.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { KIT_ROOT } from "./root.mjs";

export { KIT_ROOT };

/** Running the compiled JavaScript of the installed package rather than the TypeScript sources. */
export const COMPILED = import.meta.url.endsWith(".js");

/** A non-code file of the kit, by its path in the repository: `kitPath("docs", "conformance.md")`. */
export function kitPath(...segments: string[]): string {
  return join(KIT_ROOT, ...segments);
}

/** The reference app's build (`npm run build`), which the mock server serves unless told another. */
export const DIST_DIR = kitPath("dist");

/** A module of the kit by its TypeScript source path: the source from a clone, `lib/….js` when installed. */
export function kitModule(sourcePath: string): string {
  return COMPILED ? join(KIT_ROOT, "lib", sourcePath.replace(/\.tsx?$/, ".js")) : join(KIT_ROOT, sourcePath);
}

/** Playwright's own command line, from the kit's dependencies (not whatever `playwright` is on PATH). */
export const PLAYWRIGHT_CLI = fileURLToPath(import.meta.resolve("@playwright/test/cli"));

/**
 * The checklist as one page: `npm run build` writes it to dist/, the mock server serves it at
 * /__mock/checklist, and a report copies it beside conformance.html, whose clause rows link to it.
 */
export const CHECKLIST_PAGE = "checklist.html";
