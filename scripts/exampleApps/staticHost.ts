/**
 * A fixture app's server, as an ordinary static host with an SPA fallback would serve it: the
 * build's files as they are, index.html for the app's routes, and index.html with status 404 for any
 * other path under the base path (the page then renders its not-found view). Nothing is served
 * outside the base path.
 */
import express, { type Express } from "express";

export interface StaticApp {
  /** The built app, e.g. `examples/second-app/dist`. */
  readonly dist: string;
  /** Where the app lives, without a trailing slash, e.g. `/second`. */
  readonly basePath: string;
  /** Whether a path under the base path is one of the app's routes (answered 200, else 404). */
  readonly isRoute: (pathname: string) => boolean;
}

export function createStaticHost({ dist, basePath, isRoute }: StaticApp): Express {
  const app = express();
  // Without it `/second` and `/second/` collapse into a redirect loop (Express 5's default).
  app.set("strict routing", true);
  // express.static answers the bare base path with a redirect to it with a slash (a directory), and
  // files with `Cache-Control: public, max-age=0`.
  app.use(basePath, express.static(dist, { index: false }));
  app.get(`${basePath}/{*path}`, (req, res) => {
    res.status(isRoute(req.path) ? 200 : 404).sendFile("index.html", { root: dist });
  });
  return app;
}
