/**
 * What the faults need of the backend behind them: a status fault's page. The reference shell answers
 * with its own fallback pages (reference/respondWithPage.ts), proxy mode with a plain page
 * (proxy/genericPageResponder.ts), since the upstream app's own are unknown.
 */
import type { Request, Response } from "express";
import { type Fallback, fallback, fallbackForStatus } from "../src/core/fallbacks.ts";

/**
 * A status fault's failure: its status (one of the fault statuses, faults/faultSchema.ts) and, for a
 * 500, the digest of the exception it stands for.
 */
export interface Failure {
  readonly status: number;
  readonly digest?: string;
}

export interface PageResponder {
  /**
   * The fallback page of a failure, with its status and no Cache-Control of the server's own: a real
   * server's, CDN's or load balancer's error page rarely sends one, and a `no-store` on every injected
   * failure would let a worker that only obeys the header pass ERR-6 without checking the status.
   * A fault's `responseHeaders` can add one.
   */
  failure(req: Request, res: Response, failure: Failure): void;
}

/** ERR-1..4: the fallback a failure shows, its status's own (any 5xx the server-error page). */
export function fallbackOf({ status }: Failure): Fallback {
  return fallbackForStatus(status) ?? fallback("server-error");
}
