import type { RequestHandler } from "express";
import type { Logger } from "pino";
import type { NearMiss } from "../faults/nearMisses.ts";
import { clipText } from "../http/clipText.ts";
import { madeByWorker } from "../http/madeByWorker.ts";
import { MAX_JOURNALED_VALUE_LENGTH, redactedHeaders, redactedRawHeaders } from "../http/redactHeaders.ts";
import { redactToken } from "../http/redactToken.ts";
import { representationOf } from "../http/representation.ts";
import { type Journal, MAX_JOURNALED_URL_LENGTH, type NewEntry } from "./journal.ts";
import { journaledBody } from "./journaledBody.ts";
import { requestKind } from "./requestKind.ts";
import "./responseLocals.ts";

/** A near-miss shows the request's values: the control token must not show through one either, nor a value past the journal's length. */
function recordedNearMisses(nearMisses: readonly NearMiss[], controlToken: string | undefined): readonly NearMiss[] {
  return nearMisses.map((miss) => ({
    ...miss,
    differences: miss.differences.map((difference) => ({
      ...difference,
      actual: difference.actual === null ? null : clipText(redactToken(difference.actual, controlToken), MAX_JOURNALED_VALUE_LENGTH),
    })),
  }));
}

/**
 * Writes one journal entry and one log line per request when its response ends or is cut off. A
 * request that began before the journal was last emptied (`POST /__mock/reset`) gets its log line
 * only: its entry belongs to the journal the reset emptied, and it names a fault by an id the reset
 * has since given to another.
 */
export function journalRequests(journal: Journal, workerPath: string, logger: Logger, controlToken?: string, deployOf: () => number = () => 0): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const deploy = deployOf();
    // Redacted once, here, for everything that records or prints the request after this (status.ts, the proxy's logs).
    res.locals.url = redactToken(req.originalUrl, controlToken);
    const generation = journal.generation;
    let written = false;
    const write = () => {
      if (written) return;
      written = true;
      const completed = res.writableFinished;
      const signals = {
        fromWorker: madeByWorker(req.get("referer"), workerPath),
        secFetchMode: req.get("sec-fetch-mode") ?? null,
        secFetchDest: req.get("sec-fetch-dest") ?? null,
        navigationPreload: req.get("service-worker-navigation-preload") !== undefined,
      };
      const entry: NewEntry = {
        time: new Date().toISOString(),
        method: req.method,
        url: clipText(res.locals.url ?? req.originalUrl, MAX_JOURNALED_URL_LENGTH),
        status: res.headersSent ? res.statusCode : null,
        durationMs: Math.round(performance.now() - started),
        fromWorker: signals.fromWorker,
        accept: req.get("accept") ?? null,
        secFetchMode: signals.secFetchMode,
        secFetchDest: signals.secFetchDest,
        navigationPreload: signals.navigationPreload,
        kind: requestKind({ ...signals, data: representationOf(req) === "data" }),
        outcome: completed ? "completed" : (res.locals.cut ?? (res.locals.dropped ? "dropped" : "aborted")),
        fault: res.locals.fault ?? null,
        faultApplied: res.locals.faultApplied ?? null,
        tooCostlyToMatch: res.locals.tooCostlyToMatch ?? false,
        digest: res.locals.digest ?? null,
        requestHeaders: redactedRawHeaders(req.rawHeaders, controlToken),
        responseHeaders: res.headersSent ? redactedHeaders(res.getHeaders(), controlToken) : {},
        nearMisses: recordedNearMisses(res.locals.nearMisses ?? [], controlToken),
        deploy,
        requestBody: res.locals.requestBody ? journaledBody(res.locals.requestBody, controlToken) : null,
        replayed: res.locals.replayed ?? null,
      };
      const journaled = generation === journal.generation;
      if (journaled) journal.add(entry);
      logger.info(
        {
          method: entry.method,
          url: entry.url,
          status: entry.status,
          ms: entry.durationMs,
          fault: entry.fault,
          digest: entry.digest,
          outcome: entry.outcome,
          ...(entry.replayed ? { replayed: entry.replayed } : {}),
          ...(journaled ? {} : { journaled }),
        },
        "request",
      );
    };
    res.on("finish", write);
    res.on("close", write);
    next();
  };
}
