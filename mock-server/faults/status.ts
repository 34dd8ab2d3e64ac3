/**
 * Status: answers with 404, 403, 401, 500 or 503 in the representation asked for, as the app's
 * fallback page (the backend's PageResponder picks it). A 500 is a server-side exception with a
 * digest (src/core/digest.ts) that goes to the page, the journal and one structured log line. A 503
 * says when to retry, as a real one does. Like a real server's error page, none says how to cache
 * it; `responseHeaders` may.
 */
import type { Request, Response } from "express";
import type { Logger } from "pino";
import { errorDigest } from "../../src/core/digest.ts";
import type { PageResponder } from "../pageResponder.ts";
import type { FaultStatus } from "./faultSchema.ts";

/** What answering a status fault takes besides the request: which fault it is, the pages, the log. */
export interface StatusContext {
  readonly faultId: string;
  readonly pages: PageResponder;
  readonly logger: Logger;
}

/**
 * Counts the exceptions this process injected: each carries its number, so two requests for the same
 * URL (the navigation and the worker's fetch of it, say) get two digests, and the digest on a page
 * leads to exactly the request that produced it.
 */
let injected = 0;

/**
 * The exception a 500 fault stands for. Its stack is synthetic, so the digest depends only on the
 * fault, the request and its number, never on this machine's file paths.
 */
export function injectedError(faultId: string, method: string, url: string, exception = ++injected): Error {
  const error = new Error(`Injected server-side exception #${exception} (fault ${faultId}) for ${method} ${url}`);
  error.stack = `Error: ${error.message}\n    at mock-server fault ${faultId}`;
  return error;
}

/**
 * A 503's `Retry-After` unless the fault's `responseHeaders` give another: one second keeps a retry
 * test short, and is what a client that honours the header must wait.
 */
export const RETRY_AFTER_SECONDS = 1;

export function respondWithStatus(req: Request, res: Response, status: FaultStatus, { faultId, pages, logger }: StatusContext): void {
  if (status === 503) res.set("retry-after", String(RETRY_AFTER_SECONDS));
  if (status !== 500) {
    pages.failure(req, res, { status });
    return;
  }
  const url = res.locals.url ?? req.originalUrl;
  const error = injectedError(faultId, req.method, url);
  const digest = errorDigest(error);
  res.locals.digest = digest;
  logger.error({ digest, fault: faultId, method: req.method, url, err: { message: error.message } }, "server-side exception");
  pages.failure(req, res, { status, digest });
}
