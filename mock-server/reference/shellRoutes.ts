/**
 * Serves the reference shell: the worker (no-cache, at the scope root), the hashed assets, the
 * offline page, the web app manifest, and every page as an HTML document or — same URL,
 * `Accept: application/json` — as its data representation. Unknown paths get the shell with a 404
 * page (an SPA fallback that does not answer 200 for pages that do not exist).
 */
import { join } from "node:path";
import express, { type Router } from "express";
import { isWithinBasePath } from "../../src/core/basePath.ts";
import { type ShellConfig, WORKER_FILE } from "../../src/core/shellConfig.ts";
import { sendError } from "../http/httpError.ts";
import { confinedStatic, realFileWithin } from "./confinedStatic.ts";
import { API_PAGES_PATH, APP_PAGES, NAV_LINKS, NOT_FOUND_PAGE, OFFLINE_PAGE, outsidePage, REDIRECTS } from "./content.ts";
import type { BuiltAssets } from "./renderDocument.tsx";
import type { ShellPageResponder } from "./respondWithPage.ts";
import { MANIFEST_ICONS, manifestPath, webManifest } from "./webManifest.ts";

/** A year, the usual ceiling for hashed assets: a new build has new names, so no copy goes stale. */
export const HASHED_ASSET_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * How long the browser may keep the bare base path's redirect (NAV-8). `/app` is outside the scope
 * `/app/`, so the worker never sees it; offline, only the browser's HTTP cache can turn it into
 * `/app/`, which the worker answers. The redirect is permanent, so as long as hashed assets.
 */
export const BARE_BASE_REDIRECT_MAX_AGE_S = HASHED_ASSET_MAX_AGE_MS / 1000;

export interface ShellRouteOptions {
  readonly distDir: string;
  readonly assets: BuiltAssets;
  readonly getConfig: () => ShellConfig;
  readonly pages: ShellPageResponder;
}

export function shellRoutes({ distDir, assets, getConfig, pages }: ShellRouteOptions): Router {
  const router = express.Router({ strict: true, caseSensitive: true });
  const base = getConfig().basePath;
  // Confined as the assets are: a dist/sw.js that links out of the build is not served.
  router.get(`${base}/${WORKER_FILE}`, async (req, res) => {
    const file = await realFileWithin(distDir, WORKER_FILE);
    if (file === null) {
      return sendError(res, "NO_SUCH_ASSET", `Failed to serve ${req.originalUrl}: the build has no such file. Rebuild with 'npm run build' or check the URL.`);
    }
    res.set("cache-control", "no-cache").type("text/javascript");
    // No validators: the two builds' scripts are written within the same second (Last-Modified) and
    // may have one size (send's ETag), so the browser's update check after a deploy got a 304 for
    // another build's worker. A whole answer every time is a few kilobytes.
    res.sendFile(file, { lastModified: false, etag: false });
  });
  router.use(`${base}/assets`, confinedStatic(join(distDir, "assets"), { immutable: true, maxAgeMs: HASHED_ASSET_MAX_AGE_MS }));
  router.get(`${base}/offline.html`, (req, res) => pages.page(req, res, 200, OFFLINE_PAGE));
  router.get(manifestPath(base), (req, res) => {
    const missing = MANIFEST_ICONS.filter((icon) => !assets.icons.has(icon.key));
    if (missing.length > 0) {
      const keys = missing.map((icon) => icon.key).join(", ");
      return sendError(res, "NO_SUCH_ASSET", `Failed to serve ${req.originalUrl}: the build has no ${keys}. Rebuild with 'npm run build'.`);
    }
    // no-cache, as documents: the browser checks an installed app's manifest for updates, and must
    // see a new one (its icons' names change with their content).
    res.set("cache-control", "no-cache").type("application/manifest+json");
    res.send(JSON.stringify(webManifest(base, (icon) => assets.icons.get(icon.key) ?? icon.key)));
  });
  if (base !== "") {
    // NAV-8: a scope is a URL prefix, so `/app` is never controlled; send it where the worker is.
    router.get(base, (req, res) => {
      const at = req.originalUrl.indexOf("?");
      const query = at === -1 ? "" : req.originalUrl.slice(at);
      res.set("cache-control", `public, max-age=${BARE_BASE_REDIRECT_MAX_AGE_S}`).redirect(308, `${base}/${query}`);
    });
  }

  router.get("/{*path}", (req, res) => {
    const path = req.path;
    if (!isWithinBasePath(path, base)) {
      const outside = base === "" ? undefined : outsidePage(path);
      return pages.page(req, res, outside ? 200 : 404, outside ?? NOT_FOUND_PAGE);
    }
    const relative = path.slice(base.length + 1).replace(/\/$/, "");
    const target = REDIRECTS.get(relative);
    if (target !== undefined) return res.redirect(302, `${base}/${target}`);
    if (relative === API_PAGES_PATH) {
      return res.set("cache-control", "no-store").json({ pages: NAV_LINKS.map((link) => ({ ...link, href: `${base}/${link.to}` })) });
    }
    const content = APP_PAGES.get(relative);
    pages.page(req, res, content ? 200 : 404, content ?? NOT_FOUND_PAGE);
  });
  return router;
}
