/**
 * An app behind `--upstream` has no second build, but its worker can still be updated: a script that
 * differs by one byte is a new worker to the browser (its update check compares bytes). After a
 * deploy, the proxy appends a comment naming the deploy to the worker script's answer.
 */
import type { Request } from "express";
import type { Deploys } from "./deploys.ts";

/** The bytes to append to `req`'s answer, or undefined to pass it through untouched. */
export function workerSuffix(deploys: Deploys, workerPath: string): (req: Request) => string | undefined {
  return (req) => {
    const deploy = deploys.current();
    if (deploy === 0 || req.method !== "GET" || req.path !== workerPath) return undefined;
    return `\n// pwa-conformance-kit: deploy ${deploy}\n`;
  };
}
