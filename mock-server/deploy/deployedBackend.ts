/**
 * Which build answers: the reference shell alternates between its builds, one deploy at a time
 * (a, b, a…); a file the last deploy retired with `keep` comes from the build before it, which has it.
 */
import type { RequestHandler } from "express";
import type { PageResponder } from "../pageResponder.ts";
import type { Deploys } from "./deploys.ts";

export interface Backend {
  readonly pages: PageResponder;
  readonly routes: RequestHandler;
}

export function deployedBackend(builds: readonly Backend[], deploys: Deploys): Backend {
  const at = (deploy: number) => builds[deploy % builds.length] as Backend;
  return {
    pages: { failure: (req, res, failure) => at(deploys.current()).pages.failure(req, res, failure) },
    routes: (req, res, next) => {
      const deploy = deploys.current();
      at(deploys.retiredAs(req.path) === "keep" ? deploy - 1 : deploy).routes(req, res, next);
    },
  };
}
