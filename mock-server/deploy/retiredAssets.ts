/**
 * The host's side of a deploy: answers a retired file (the previous build's script or style) as the
 * last deploy said, and notes every script and style answered with a success, which the next deploy
 * retires. After the faults, which stand in front of the host, and before the app's own routes. The
 * worker script and the scripts it imports are never retired: a deploy changes the worker instead.
 */
import type { Request, RequestHandler } from "express";
import { madeByWorker } from "../http/madeByWorker.ts";
import type { Deploys } from "./deploys.ts";

/** A response the next deploy retires: a script or a style, answered with a success. */
function isAsset(contentType: string | number | string[] | undefined): boolean {
  return typeof contentType === "string" && /^(text|application)\/(javascript|ecmascript|css)\b/i.test(contentType);
}

/**
 * `home` is the app's own start document: what an SPA host answers for a path it does not have
 * (`html-fallback`), asked of the app behind as a navigation to it would be.
 */
/**
 * A script the worker itself loads (`importScripts`: Workbox's and vite-plugin-pwa's `workbox-<hash>.js`):
 * part of the worker, never retired. A real deploy's new worker imports its own new file; the proxy's
 * new worker (the same bytes plus a comment) imports the same one, and retiring it left an empty
 * worker installed, waiting forever (seen on both vite-plugin-pwa fixtures, docs/update-behaviours.md).
 */
function importedByWorker(req: Request, workerPath: string): boolean {
  return req.get("sec-fetch-dest") === "script" && madeByWorker(req.get("referer"), workerPath) === true;
}

/** A browser's navigation (a tab's document, or a worker passing one on): not a worker's own fetch of a page. */
function isNavigation(req: Request): boolean {
  return req.get("sec-fetch-mode") === "navigate" || req.get("sec-fetch-dest") === "document";
}

export function retiredAssets(deploys: Deploys, workerPath: string, home: string): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const path = req.path;
    if (importedByWorker(req, workerPath)) return next();
    if (path !== workerPath) {
      res.on("finish", () => {
        if (res.statusCode >= 200 && res.statusCode < 300 && isAsset(res.getHeader("content-type"))) deploys.note(path);
      });
    }
    // Marked on arrival, before the document's own requests can come: faults and a dead network,
    // in front of the host, never let a navigation they answer get here.
    if (isNavigation(req)) deploys.documentServed();
    switch (deploys.retiredAs(path)) {
      case "404":
        res
          .status(404)
          .type("text/plain")
          .set("cache-control", "no-store")
          .send(`Not found: ${path} belonged to the build before deploy ${deploys.current()}.\n`);
        return;
      case "html-fallback":
        // The SPA trap: the host's index for a file it no longer has, as a 200 any fetch accepts.
        req.url = home;
        return next();
      default:
        return next();
    }
  };
}
