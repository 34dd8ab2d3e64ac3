/**
 * `GET /__mock/checklist`: the conformance checklist as one page (dist/checklist.html, which
 * `npm run build` makes from docs/conformance.md), for a person at the control panel or following a
 * report's link. A page of text that changes nothing, so like the panel it needs no control token.
 */
import type { RequestHandler } from "express";
import { CHECKLIST_PAGE } from "../../kit/kitPaths.ts";
import { sendError } from "../http/httpError.ts";
import { realFileWithin } from "../reference/confinedStatic.ts";

/** The page has no script and loads nothing: its own inline styles are all it may use. */
const CHECKLIST_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export function checklistRoute(distDir: string): RequestHandler {
  return async (_req, res) => {
    // Confined as the panel's page is: a checklist.html that links out of the build is not served.
    const file = await realFileWithin(distDir, CHECKLIST_PAGE);
    res.set({ "cache-control": "no-cache", "content-security-policy": CHECKLIST_CSP, "x-content-type-options": "nosniff" });
    const notBuilt = () =>
      sendError(
        res,
        "CHECKLIST_NOT_BUILT",
        `Failed to serve the checklist: the build has no ${CHECKLIST_PAGE}. Run 'npm run build' (npm start does it for you), then reload.`,
      );
    if (file === null) return notBuilt();
    res.sendFile(file, (error) => {
      if (error && !res.headersSent) notBuilt();
    });
  };
}
