/**
 * A stand-in for `dist/` in a temporary folder: Vite's manifest, one script, the worker. Server tests
 * use it so they need no `npm run build` and can plant files (or symlinks) of their own.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { onTestFinished } from "vitest";

export const FAKE_SCRIPT = "assets/main-test.js";
export const FAKE_SCRIPT_TEXT = "console.log('the fake app');\n";
export const FAKE_WORKER_TEXT = "// the fake worker\n";

export interface FakeDist {
  /** A temporary folder holding `dist/` and whatever a test puts beside it. */
  readonly root: string;
  /** `root/dist`, to pass as `createApp({ distDir })`. */
  readonly distDir: string;
}

export function makeFakeDist(): FakeDist {
  const root = mkdtempSync(join(tmpdir(), "pck-dist-"));
  const distDir = join(root, "dist");
  mkdirSync(join(distDir, ".vite"), { recursive: true });
  mkdirSync(join(distDir, "assets"));
  writeFileSync(join(distDir, ".vite", "manifest.json"), JSON.stringify({ "src/app/main.tsx": { file: FAKE_SCRIPT, css: [] } }));
  writeFileSync(join(distDir, FAKE_SCRIPT), FAKE_SCRIPT_TEXT);
  writeFileSync(join(distDir, "sw.js"), FAKE_WORKER_TEXT);
  return { root, distDir };
}

/** `makeFakeDist`, removed when the current test finishes. */
export function fakeDistForTest(): FakeDist {
  const dist = makeFakeDist();
  onTestFinished(() => rmSync(dist.root, { recursive: true, force: true }));
  return dist;
}
