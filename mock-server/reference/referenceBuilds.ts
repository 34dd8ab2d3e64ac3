/**
 * The reference shell's builds: dist/ (build "a") and, when `npm run build` wrote it, dist/next-build/
 * (build "b", the same source with another build id: every hashed file and the worker differ). A
 * deploy switches from one to the other (mock-server/deploy/).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Router } from "express";
import type { ShellConfig } from "../../src/core/shellConfig.ts";
import { NEXT_BUILD_FOLDER } from "./nextBuildFolder.ts";
import { readBuiltAssets } from "./renderDocument.tsx";
import { pageResponder, type ShellPageResponder } from "./respondWithPage.ts";
import { shellRoutes } from "./shellRoutes.ts";

export interface ShellBuild {
  readonly pages: ShellPageResponder;
  readonly routes: Router;
  /** Whether this build has a hashed file at the request path `path` (`/app/assets/…`). */
  readonly has: (path: string) => boolean;
}

function shellBuild(distDir: string, getConfig: () => ShellConfig): ShellBuild {
  const assets = readBuiltAssets(distDir);
  const pages = pageResponder(assets, getConfig);
  const assetsPath = `${getConfig().basePath}/assets/`;
  return {
    pages,
    routes: shellRoutes({ distDir, assets, getConfig, pages }),
    has: (path) =>
      path.startsWith(assetsPath) && !path.slice(assetsPath.length).includes("..") && existsSync(join(distDir, "assets", path.slice(assetsPath.length))),
  };
}

/** Build "a", and build "b" where it was built: a server started on an older build can still run, without deploys. */
export function referenceBuilds(distDir: string, getConfig: () => ShellConfig): ShellBuild[] {
  const next = join(distDir, NEXT_BUILD_FOLDER);
  const builds = [shellBuild(distDir, getConfig)];
  if (existsSync(join(next, ".vite", "manifest.json"))) builds.push(shellBuild(next, getConfig));
  return builds;
}
