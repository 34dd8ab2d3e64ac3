/**
 * A stand-in for `dist/` in a temporary folder, with every file the server reads from a build: Vite's
 * manifest (renderDocument.tsx's readBuiltAssets), the script and stylesheet it names, the worker, the
 * control panel's page and script, and the checklist page. Server tests use it so they pass on a fresh clone without
 * `npm run build` and can plant (or remove) files of their own.
 *
 * No unit test uses the real build: what the server does with these files (confinement, headers,
 * rendering from the manifest) does not depend on what is in them, and a test on the real build
 * would pass or fail with whatever `dist/` was last built. The real app and worker are checked by the
 * browser suite (specs/), which `npm test` runs after `npm run build`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { onTestFinished } from "vitest";
import { CHECKLIST_PAGE } from "../../kit/kitPaths.ts";
import { PANEL_ASSETS_PREFIX } from "../control/controlPaths.ts";
import { NEXT_BUILD_FOLDER } from "../reference/nextBuildFolder.ts";
import { ENTRY } from "../reference/renderDocument.tsx";

export const FAKE_SCRIPT = "assets/main-test.js";
export const FAKE_SCRIPT_TEXT = "console.log('the fake app');\n";
export const FAKE_STYLESHEET = "assets/main-test.css";
export const FAKE_WORKER_TEXT = "// the fake worker\n";
/** The panel's script, under dist/panel/ as Vite writes it and at `PANEL_ASSETS_PREFIX/` + this as served. */
export const FAKE_PANEL_SCRIPT = "assets/index-test.js";
export const FAKE_PANEL_HTML = `<!doctype html><title>panel</title><script type="module" src="${PANEL_ASSETS_PREFIX}/${FAKE_PANEL_SCRIPT}"></script>`;

/** The checklist page (`npm run build` makes it from docs/conformance.md). */
export const FAKE_CHECKLIST_HTML = `<!doctype html><title>checklist</title><h3 id="nav-3">NAV-3</h3>`;

export interface FakeDist {
  /** A temporary folder holding `dist/` and whatever a test puts beside it. */
  readonly root: string;
  /** `root/dist`, to pass as `createApp({ distDir })`. */
  readonly distDir: string;
}

/** The second build's script (`next-build/`): another name, as a real second build's hashed files have. */
export const FAKE_NEXT_SCRIPT = "assets/main-next.js";
export const FAKE_NEXT_WORKER_TEXT = "// the fake worker of the next build\n";

/** `withNextBuild`: also dist/next-build/, the build a deploy switches to, with the same stylesheet. */
export function makeFakeDist({ withNextBuild = false }: { withNextBuild?: boolean } = {}): FakeDist {
  const root = mkdtempSync(join(tmpdir(), "pck-dist-"));
  const distDir = join(root, "dist");
  const files: Record<string, string> = {
    ".vite/manifest.json": JSON.stringify({ [ENTRY]: { file: FAKE_SCRIPT, css: [FAKE_STYLESHEET] } }),
    [FAKE_SCRIPT]: FAKE_SCRIPT_TEXT,
    [FAKE_STYLESHEET]: "body { margin: 0; }\n",
    "sw.js": FAKE_WORKER_TEXT,
    "panel/index.html": FAKE_PANEL_HTML,
    [CHECKLIST_PAGE]: FAKE_CHECKLIST_HTML,
    [`panel/${FAKE_PANEL_SCRIPT}`]: "console.log('the fake panel');\n",
    ...(withNextBuild
      ? {
          [`${NEXT_BUILD_FOLDER}/.vite/manifest.json`]: JSON.stringify({ [ENTRY]: { file: FAKE_NEXT_SCRIPT, css: [FAKE_STYLESHEET] } }),
          [`${NEXT_BUILD_FOLDER}/${FAKE_NEXT_SCRIPT}`]: "console.log('the next build');\n",
          [`${NEXT_BUILD_FOLDER}/${FAKE_STYLESHEET}`]: "body { margin: 0; }\n",
          [`${NEXT_BUILD_FOLDER}/sw.js`]: FAKE_NEXT_WORKER_TEXT,
        }
      : {}),
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(distDir, path)), { recursive: true });
    writeFileSync(join(distDir, path), text);
  }
  return { root, distDir };
}

/** Removes a fake build and whatever was planted beside it. */
export function removeFakeDist({ root }: FakeDist): void {
  rmSync(root, { recursive: true, force: true });
}

/** `makeFakeDist`, removed when the current test finishes. */
export function fakeDistForTest(options: { withNextBuild?: boolean } = {}): FakeDist {
  const dist = makeFakeDist(options);
  onTestFinished(() => removeFakeDist(dist));
  return dist;
}
