/// <reference types="vitest/config" />
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { build, defineConfig, type InlineConfig, type Plugin } from "vite";
import { CHECKLIST_PAGE, DIST_DIR } from "./kit/kitPaths.ts";
import { PANEL_ASSETS_PREFIX } from "./mock-server/control/controlPaths.ts";
import { APP_ICONS } from "./mock-server/reference/icons/appIcons.ts";
import { renderIcon } from "./mock-server/reference/icons/renderIcon.ts";
import { NEXT_BUILD_FOLDER } from "./mock-server/reference/nextBuildFolder.ts";
import { checklistPageHtml } from "./scripts/checklistPageHtml.ts";
import { MOCKING_TESTS, NOT_UNIT_TESTS, UNIT_TESTS } from "./scripts/unitTestFiles.ts";

const root = fileURLToPath(new URL(".", import.meta.url));
/**
 * The second build of the shell and its worker, which `POST /__mock/deploy` switches to (and back):
 * the same source with another build id, so every hashed file has another name and the worker
 * another precache and version, as a real deploy of changed code has.
 */
export const NEXT_BUILD_DIR = `${DIST_DIR}/${NEXT_BUILD_FOLDER}`;

/** The build ids: "a" in dist/, "b" in dist/next-build/. The page shows its own (`<html data-build>`). */
type BuildId = "a" | "b";

/**
 * How sw/sw.ts becomes one self-contained classic script (an IIFE) in `outDir`, with `assets` (the
 * app's hashed files, `assets/…`) as its precache list. `plugins` exist for the suite's self-check,
 * which builds a deliberately deviant worker from edited source (scripts/deviantWorker/); the
 * shell's own build passes none.
 */
export function shellWorkerBuild(assets: readonly string[], outDir: string, plugins: Plugin[] = [], id: BuildId = "a"): InlineConfig {
  const version = createHash("sha256")
    .update(`${id}\n${assets.join("\n")}`)
    .digest("hex")
    .slice(0, 12);
  return {
    configFile: false,
    logLevel: "warn",
    plugins,
    define: {
      __SHELL_PRECACHE__: JSON.stringify(assets),
      __SHELL_VERSION__: JSON.stringify(version),
    },
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      target: "es2022",
      lib: { entry: `${root}sw/sw.ts`, formats: ["iife"], name: "shellWorker", fileName: () => "sw.js" },
    },
  };
}

/**
 * Builds the worker after the app bundle is written, with the app's hashed assets as its precache
 * list. A second Vite entry would share chunks with the app and make sw.js start with `import`
 * (a classic worker cannot import), so it is a separate lib build.
 */
function shellWorker(outDir: string, id: BuildId, edits: Plugin[] = []): Plugin {
  return {
    name: "pck:shell-worker",
    apply: "build",
    async writeBundle(_options, bundle) {
      const assets = Object.keys(bundle)
        .filter((file) => file.startsWith("assets/"))
        .sort();
      await build(shellWorkerBuild(assets, outDir, edits, id));
    },
  };
}

/**
 * The app's icons, drawn in code (mock-server/reference/icons/) and emitted as hashed assets: the
 * worker precaches them with the rest of `assets/`, a changed icon gets a new name (and the worker a
 * new version), and the server finds their names in Vite's manifest under each icon's key.
 */
function appIcons(): Plugin {
  return {
    name: "pck:app-icons",
    apply: "build",
    generateBundle() {
      for (const icon of APP_ICONS) this.emitFile({ type: "asset", name: basename(icon.key), originalFileName: icon.key, source: renderIcon(icon) });
    },
  };
}

/** What both builds of the app share; `id` is stamped into the page's code, so its hashes differ. */
function appBuild(id: BuildId, outDir: string): InlineConfig {
  return {
    // Relative: the server mounts the build under any base path it is started with.
    base: "./",
    define: { __PCK_BUILD__: JSON.stringify(id) },
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      target: "es2022",
      rolldownOptions: { input: `${root}src/app/main.tsx` },
    },
  };
}

/** Builds the next build (NEXT_BUILD_DIR) once the first is written: a build of its own, with its own worker. */
function nextBuild(nextDir = NEXT_BUILD_DIR, edits: Plugin[] = []): Plugin {
  return {
    name: "pck:next-build",
    apply: "build",
    async writeBundle() {
      await build({
        ...appBuild("b", nextDir),
        configFile: false,
        logLevel: "warn",
        plugins: [...edits, react(), appIcons(), shellWorker(nextDir, "b", edits)],
      });
    },
  };
}

/**
 * Both builds of the reference app, page and worker, into `outDir` (and its next-build/), with
 * `edits` applied to the source of each: the suite's self-check builds deliberately deviant
 * references this way (scripts/deviantWorker/), which the mock server serves with `--dist`. No
 * control panel: the self-check does not open it.
 */
export async function buildReferenceInto(outDir: string, edits: Plugin[]): Promise<void> {
  await build({
    ...appBuild("a", outDir),
    configFile: false,
    logLevel: "warn",
    plugins: [...edits, react(), appIcons(), shellWorker(outDir, "a", edits), nextBuild(`${outDir}/${NEXT_BUILD_FOLDER}`, edits)],
  });
}

/**
 * Builds the mock server's control panel (mock-server/panel/) into dist/panel/, which the server
 * serves at /__mock/. A build of its own rather than a second input: its files stay out of this
 * bundle, so they are neither in the manifest the server renders the app from nor in the worker's
 * precache list, and it shares no chunk with the app.
 */
function controlPanel(): Plugin {
  return {
    name: "pck:control-panel",
    apply: "build",
    async writeBundle() {
      await build({
        configFile: false,
        logLevel: "warn",
        root: `${root}mock-server/panel`,
        // Absolute: the panel always lives under the control prefix, whatever the app's base path.
        base: `${PANEL_ASSETS_PREFIX}/`,
        publicDir: false,
        plugins: [react()],
        build: { outDir: `${DIST_DIR}/panel`, emptyOutDir: false, target: "es2022" },
      });
    },
  };
}

/**
 * The checklist as one page (dist/checklist.html, scripts/checklistPageHtml.ts), made from
 * docs/conformance.md and the example apps' records: the mock server serves it at /__mock/checklist
 * and every report copies it beside itself, so it ships in the package with the build.
 */
function checklistPage(): Plugin {
  return {
    name: "pck:checklist-page",
    apply: "build",
    writeBundle() {
      writeFileSync(`${DIST_DIR}/${CHECKLIST_PAGE}`, checklistPageHtml(root));
    },
  };
}

export default defineConfig({
  ...appBuild("a", DIST_DIR),
  plugins: [react(), appIcons(), shellWorker(DIST_DIR, "a"), controlPanel(), checklistPage(), nextBuild()],
  // Unit tests need no build: the mock server's serve a fake one (mock-server/testing/fakeDist.ts).
  test: {
    exclude: NOT_UNIT_TESTS,
    environment: "node",
    // Vitest's default (one fewer than the CPUs) is a single worker on a 2-core CI machine, where most
    // test files wait on sockets and child processes: two took the run from about 78 s to 63 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Each project names its files (an `include` here would be added to theirs). A stubbed global is
    // put back after each test, as files share a module graph below. (No test stubs a variable with
    // vi.stubEnv: it writes through import.meta.env, which left one behind in a shared graph in CI.)
    unstubGlobals: true,
    projects: [
      // Files share their worker's modules instead of importing zod, Express and the kit afresh each:
      // the run took 66 s instead of 115 s (import 13 s instead of 53 s) on a 2-core machine.
      { extends: true, test: { name: "unit", include: UNIT_TESTS, exclude: MOCKING_TESTS, isolate: false } },
      // vi.mock replaces a module for one file only when that file imports it first.
      { extends: true, test: { name: "module mocks", include: MOCKING_TESTS, isolate: true } },
    ],
  },
});
