/**
 * A fixture app's server, as an ordinary static host with an SPA fallback would serve it: the
 * build's files as they are, index.html for the app's routes, and index.html with status 404 for any
 * other path under the base path (the page then renders its not-found view). Nothing is served
 * outside the base path.
 */
import express, { type Express } from "express";

export interface StaticApp {
  /** The built files. */
  readonly dist: string;
  /** Where the app lives, without a trailing slash: `/second`. */
  readonly basePath: string;
  /** Whether a path (the whole path, base included) is one of the app's routes. */
  readonly isRoute: (pathname: string) => boolean;
}

export function createStaticHost({ dist, basePath, isRoute }: StaticApp): Express {
  const app = express();
  // Without it `/second` and `/second/` collapse into a redirect loop (Express 5's default).
  app.set("strict routing", true);
  // express.static answers `/second` with a redirect to `/second/` (a directory), and files with
  // `Cache-Control: public, max-age=0`.
  app.use(basePath, express.static(dist, { index: false }));
  app.get(`${basePath}/{*path}`, (req, res) => {
    res.status(isRoute(req.path) ? 200 : 404).sendFile("index.html", { root: dist });
  });
  return app;
}
