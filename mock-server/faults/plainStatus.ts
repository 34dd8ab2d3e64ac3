/**
 * A status with no fallback page of the app's (a 429, a 408, a 3xx with the fault's Location, a
 * 2xx): a plain page naming it, or for a data request the `{ error: { status } }` body every status
 * fault's data answer has. 204, 205 and 304 are sent with no body, as their framing demands.
 */
import { STATUS_CODES } from "node:http";
import type { Request, Response } from "express";
import { escapeHtml } from "../../kit/escapeHtml.ts";
import type { DataError } from "../../src/core/fallbacks.ts";
import { representationOf } from "../http/representation.ts";
import { BODILESS_STATUSES } from "./faultActionSchema.ts";

export function sendPlainStatus(req: Request, res: Response, status: number): void {
  res.status(status);
  if (BODILESS_STATUSES.includes(status)) {
    res.end();
    return;
  }
  res.vary("Accept");
  if (representationOf(req) === "data") {
    res.json({ error: { status } } satisfies DataError);
    return;
  }
  const title = `${status} ${STATUS_CODES[status] ?? "Status"}`;
  const fault = res.locals.fault === undefined ? "" : ` (fault ${escapeHtml(String(res.locals.fault))})`;
  res
    .type("html")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1><p><small>Answered by the mock server${fault}.</small></p></body></html>`,
    );
}
