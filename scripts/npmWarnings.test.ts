import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { KIT_ROOT } from "../kit/kitPaths.ts";
import { allowScriptsGaps, warningsToActOn } from "./npmWarnings.ts";

/** What npm 11.19 printed at the end of `npm install <the packed kit>` into an empty project. */
const KIT_ADVISORY = [
  "added 127 packages in 8s",
  "npm warn install-scripts 1 package has install scripts not yet covered by allowScripts:",
  "npm warn install-scripts   pwa-conformance-kit@0.1.0 (prepare: node scripts/buildPackage.mjs)",
  "npm warn install-scripts",
  "npm warn install-scripts Run `npm install-scripts ls` to review, or `npm install-scripts approve <pkg>` to allow.",
].join("\n");

describe("warningsToActOn", () => {
  test("passes the advisory that names only the kit's own prepare", () => {
    expect(warningsToActOn(KIT_ADVISORY)).toEqual([]);
  });

  test("keeps the whole advisory when it names another package's script, and any other warning", () => {
    // What `npm ci` in a clone printed before package.json had allowScripts.
    const output = [
      "npm warn EBADENGINE Unsupported engine {",
      "npm warn install-scripts 2 packages have install scripts not yet covered by allowScripts:",
      "npm warn install-scripts   esbuild@0.28.2 (postinstall: node install.js)",
      "npm warn install-scripts   pwa-conformance-kit@0.1.0 (prepare: node scripts/buildPackage.mjs)",
    ].join("\n");
    expect(warningsToActOn(output)).toEqual(output.split("\n"));
  });
});

describe("allowScriptsGaps", () => {
  test("names a locked package with an install script that allowScripts leaves out, and an entry for none", () => {
    const lock = {
      "": {},
      "node_modules/esbuild": { hasInstallScript: true },
      "node_modules/a/node_modules/msw": { hasInstallScript: true },
      "node_modules/vite": {},
    };
    expect(allowScriptsGaps({ "esbuild@0.28.2": true, vite: false }, lock)).toEqual({ uncovered: ["msw"], stale: ["vite"] });
  });

  test("package.json's allowScripts covers every install script package-lock.json has, and only those (npm ci stays quiet)", () => {
    const manifest = JSON.parse(readFileSync(join(KIT_ROOT, "package.json"), "utf8")) as { allowScripts?: Record<string, boolean> };
    const lock = JSON.parse(readFileSync(join(KIT_ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, { hasInstallScript?: boolean }> };
    expect(allowScriptsGaps(manifest.allowScripts ?? {}, lock.packages)).toEqual({ uncovered: [], stale: [] });
  });
});
