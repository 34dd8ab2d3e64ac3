/**
 * Serves the control panel that `npm run build` puts in dist/panel/: its page at `/__mock/` and its
 * hashed files under `/__mock/panel/assets/`. Reading them changes nothing, so they come before the
 * control API's Origin check; like the rest of `/__mock/` they are not journaled.
 */
import { join } from "node:path";
import express, { type Router } from "express";
import { sendError } from "../http/httpError.ts";
import { confinedStatic, realFileWithin } from "../reference/confinedStatic.ts";
import { HASHED_ASSET_MAX_AGE_MS } from "../reference/shellRoutes.ts";
import { CONTROL_PREFIX, PANEL_ASSETS_PREFIX } from "./controlPaths.ts";

/**
 * The panel's buttons change server state, so no other site may frame the panel and trick a click
 * (the Origin check stops only requests, not a framed page's own); the rest keeps it to its own files.
 */
const PANEL_CSP = "default-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

export function panelRoutes(distDir: string): Router {
  const dir = join(distDir, "panel");
  const router = express.Router({ strict: true, caseSensitive: true });
  // `/__mock` is what people type; the panel is the folder's index, `/__mock/`.
  router.get(CONTROL_PREFIX, (req, res) => res.redirect(302, `${CONTROL_PREFIX}/${req.originalUrl.slice(CONTROL_PREFIX.length)}`));
  router.get(`${CONTROL_PREFIX}/`, async (_req, res) => {
    // Confined as the assets are: a panel/index.html that links out of the build is not served.
    const file = await realFileWithin(distDir, join("panel", "index.html"));
    res.set({ "cache-control": "no-cache", "content-security-policy": PANEL_CSP, "x-content-type-options": "nosniff" });
    const notBuilt = () =>
      sendError(
        res,
        "PANEL_NOT_BUILT",
        // The build folder's own name only: an error body does not show where the server's files live.
        "Failed to serve the control panel: the build has no panel/index.html. Run 'npm run build' (npm start does it for you), then reload.",
      );
    if (file === null) return notBuilt();
    res.sendFile(file, (error) => {
      if (error && !res.headersSent) notBuilt();
    });
  });
  router.use(`${PANEL_ASSETS_PREFIX}/assets`, confinedStatic(join(dir, "assets"), { immutable: true, maxAgeMs: HASHED_ASSET_MAX_AGE_MS }));
  return router;
}
