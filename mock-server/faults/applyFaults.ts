/**
 * The fault middleware: finds the fault for a request (the request's own `__status`/`__delay`…
 * first, then the active faults), picks its action (the fault's own, or its sequence's step), adds
 * the latency, then cuts the connection (drop, reset, garbage), hangs, or lets a response go out —
 * its status page, a script that throws, or the app's own — shaped by its headers, truncation or dribble. Which fault
 * matched, whether it applied and how the connection ended go to the journal via `res.locals`.
 */
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { sendError } from "../http/httpError.ts";
import { hasBody, keepRequestBody } from "../http/keptBody.ts";
import type { PageResponder } from "../pageResponder.ts";
import { dribbleBody } from "./dribble.ts";
import { dropConnection } from "./drop.ts";
import type { FaultStore, TakenFault } from "./FaultStore.ts";
import type { FaultAction } from "./faultActionSchema.ts";
import { sendGarbage } from "./garbage.ts";
import { hang } from "./hang.ts";
import { jitteredDelay } from "./jitter.ts";
import { addLatency } from "./latency.ts";
import { MAX_BODY_MATCH_STEPS, MAX_REQUEST_MATCH_STEPS, MatchBudgetExceeded } from "./matchBudget.ts";
import { sendPortalPage } from "./portal.ts";
import { sendRedirect } from "./redirect.ts";
import { REQUEST_FAULT_ID, readRequestFault } from "./requestFault.ts";
import { matchRequestOf } from "./requestMatcher.ts";
import { resetConnection } from "./reset.ts";
import { addResponseHeaders } from "./responseHeaders.ts";
import type { Random } from "./seededRandom.ts";
import { actionFor } from "./sequence.ts";
import { MAX_REQUEST_SLOWED_RESPONSES, MAX_SLOWED_RESPONSES, SlowedResponses } from "./slowedResponses.ts";
import { RETRY_AFTER_SECONDS, respondWithStatus, type StatusContext } from "./status.ts";
import { sendThrowingScript } from "./throwOnLoad.ts";
import { truncateBody } from "./truncate.ts";

interface Acting extends StatusContext {
  readonly random: Random;
  /** The count this response is slowed under: the request's own shortcuts have theirs (slowedResponses.ts). */
  readonly slowed: SlowedResponses;
  /** A quota's 429: the seconds until its window ends. */
  readonly retryAfterSeconds?: number;
}

async function act(req: Request, res: Response, next: NextFunction, action: FaultAction, acting: Acting): Promise<void> {
  const { delayMs, jitterMs } = action;
  const delay = delayMs === undefined || jitterMs === undefined ? delayMs : jitteredDelay(delayMs, jitterMs, acting.random);
  if (delay !== undefined && !(await addLatency(req, delay))) return;
  if (action.drop) return dropConnection(req, res);
  if (action.hang) return hang(req, res);
  if (action.reset) return resetConnection(req, res);
  if (action.garbage) return sendGarbage(req, res, acting.random);
  if (action.responseHeaders) addResponseHeaders(res, action.responseHeaders);
  if (action.truncate) truncateBody(res, action.truncate.bytes);
  if (action.dribble) {
    const release = acting.slowed.admit();
    if (!release) {
      res.set("retry-after", String(RETRY_AFTER_SECONDS));
      const whose = acting.faultId === REQUEST_FAULT_ID ? "asked for by requests (__dribble, __bps)" : "of faults";
      return sendError(
        res,
        "TOO_MANY_SLOWED_RESPONSES",
        `Failed to dribble ${req.method} ${res.locals.url ?? req.originalUrl}: ${acting.slowed.max} dribbled responses ${whose} are under way, the most the server keeps at once. Retry once one has finished, or slow fewer responses at a time.`,
      );
    }
    dribbleBody(res, action.dribble, release);
  }
  if (action.status !== undefined) return respondWithStatus(req, res, action.status, acting, acting.retryAfterSeconds);
  if (action.redirect) return sendRedirect(res, action.redirect);
  if (action.portal) return sendPortalPage(res);
  if (action.throwOnLoad) return sendThrowingScript(res);
  next();
}

export function applyFaults(store: FaultStore, pages: PageResponder, logger: Logger): RequestHandler {
  const slowed = new SlowedResponses(MAX_SLOWED_RESPONSES);
  const slowedByRequests = new SlowedResponses(MAX_REQUEST_SLOWED_RESPONSES);
  return async (req, res, next) => {
    const asked = readRequestFault(req);
    if (asked && "problem" in asked) return sendError(res, "INVALID_REQUEST_FAULT", `Failed to apply the request's fault: ${asked.problem}.`);
    // The body's start, before any fault is matched: a fault may match it, the journal keeps it, and
    // the proxy sends it on (keptBody.ts).
    if (hasBody(req)) res.locals.requestBody = await keepRequestBody(req);
    const request = matchRequestOf(req, res.locals.requestBody);
    let taken: TakenFault | { fault: FaultAction & { id: string }; applied: true; random: Random } | undefined;
    try {
      taken = asked ? { fault: { id: REQUEST_FAULT_ID, ...asked.fault }, applied: true, random: Math.random } : store.take(request);
    } catch (error) {
      if (!(error instanceof MatchBudgetExceeded)) throw error;
      // The app's own request is never failed for the faults' cost: it goes on unmatched, and take()
      // counts a fault only once it matched, so no fault's count changed.
      res.locals.tooCostlyToMatch = true;
      logger.warn(
        { method: req.method, url: res.locals.url ?? req.originalUrl, steps: MAX_REQUEST_MATCH_STEPS, bodySteps: MAX_BODY_MATCH_STEPS },
        "request too costly to match against the faults' patterns: it goes on unmatched; use fewer or simpler patterns",
      );
      return next();
    }
    if (!taken) {
      // Only a request no fault matched has near-misses; they are worked out now, against the faults it met.
      if (!asked) res.locals.nearMisses = store.nearMisses(request);
      return next();
    }
    res.locals.fault = taken.fault.id;
    res.locals.faultApplied = taken.applied;
    if (!taken.applied) return next();
    const fault = taken.fault;
    // A quota over its limit answers 429 (with whatever else the fault says: a delay, headers).
    const action: FaultAction = "hits" in fault ? (fault.quota ? { ...fault, status: 429 } : actionFor(fault)) : fault;
    const retryAfterSeconds = "quotaResetInMs" in taken && taken.quotaResetInMs !== undefined ? Math.max(1, Math.ceil(taken.quotaResetInMs / 1000)) : undefined;
    await act(req, res, next, action, {
      faultId: fault.id,
      random: taken.random,
      pages,
      logger,
      slowed: fault.id === REQUEST_FAULT_ID ? slowedByRequests : slowed,
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    });
  };
}
