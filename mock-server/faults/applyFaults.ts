/**
 * The fault middleware: finds the fault for a request (the request's own `__status`/`__delay`
 * first, then the active faults), adds its latency, then drops, hangs, answers with its status, or
 * lets the request go on. Which fault shaped the response goes to the journal via `res.locals`.
 */
import type { RequestHandler } from "express";
import type { Logger } from "pino";
import { sendError } from "../internal/httpError.ts";
import { representationOf } from "../representation.ts";
import type { PageResponder } from "../respondWithPage.ts";
import { dropConnection } from "./drop.ts";
import type { FaultStore } from "./FaultStore.ts";
import { hang } from "./hang.ts";
import { addLatency } from "./latency.ts";
import { REQUEST_FAULT_ID, readRequestFault } from "./requestFault.ts";
import { respondWithStatus } from "./status.ts";

export function applyFaults(store: FaultStore, sendPage: PageResponder, logger: Logger): RequestHandler {
  return async (req, res, next) => {
    const asked = readRequestFault(req);
    if (asked && "problem" in asked) return sendError(res, 400, "INVALID_REQUEST_FAULT", `Failed to apply the request's fault: ${asked.problem}.`);
    const fault = asked ? { id: REQUEST_FAULT_ID, ...asked.fault } : store.take({ method: req.method, path: req.path, representation: representationOf(req) });
    if (!fault) return next();
    res.locals.fault = fault.id;
    if (fault.delayMs !== undefined && !(await addLatency(req, fault.delayMs))) return;
    if ("drop" in fault && fault.drop) return dropConnection(req, res);
    if ("hang" in fault && fault.hang) return hang(req, res);
    if (fault.status !== undefined) return respondWithStatus(req, res, fault.status, fault.id, sendPage, logger);
    next();
  };
}
