/**
 * Status: answers with any status from 200 to 599 in the representation asked for. 404/410, 403, 401
 * and every 5xx are the app's fallback pages (the backend's PageResponder picks them); a 500 is a
 * server-side exception with a digest (src/core/digest.ts) that goes to the page, the journal and one
 * structured log line. Any other status gets a plain page naming it (plainStatus.ts), and 204, 205
 * and 304 no body at all. A 503 and a 429 say when to retry, as real ones do. Like a real server's
 * error page, none says how to cache it; `responseHeaders` may (a 3xx's Location among them).
 */
import type { Request, Response } from "express";
import type { Logger } from "pino";
import { errorDigest } from "../../src/core/digest.ts";
import { fallbackForStatus } from "../../src/core/fallbacks.ts";
import type { PageResponder } from "../pageResponder.ts";
import type { FaultStatus } from "./faultSchema.ts";
import { sendPlainStatus } from "./plainStatus.ts";

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
 * A 503's and a 429's `Retry-After` unless the fault's `responseHeaders` give another: one second
 * keeps a retry test short, and is what a client that honours the header must wait.
 */
export const RETRY_AFTER_SECONDS = 1;

/**
 * `retryAfterSeconds`: what a 429 or 503 says (a quota's: until its window ends). The fault's own
 * `responseHeaders` win over it as the headers are written (responseHeaders.ts).
 */
export function respondWithStatus(
  req: Request,
  res: Response,
  status: FaultStatus,
  { faultId, pages, logger }: StatusContext,
  retryAfterSeconds = RETRY_AFTER_SECONDS,
): void {
  if (status === 503 || status === 429) res.set("retry-after", String(retryAfterSeconds));
  if (!fallbackForStatus(status)) {
    sendPlainStatus(req, res, status);
    return;
  }
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
