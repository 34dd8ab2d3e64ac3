/**
 * Fault pages in proxy mode. The upstream app's own fallback pages are unknown, so a status fault
 * answers a plain page saying what happened, or for a data request (`Accept: application/json`) the
 * same `{ error: { status, digest? } }` body the reference shell's data requests get.
 */
import { escapeHtml } from "../../kit/escapeHtml.ts";
import type { DataError } from "../../src/core/fallbacks.ts";
import { representationOf } from "../http/representation.ts";
import { fallbackOf, type PageResponder } from "../pageResponder.ts";

export const genericPageResponder: PageResponder = {
  failure(req, res, failure) {
    const { status, digest } = failure;
    res.status(status).vary("Accept");
    if (representationOf(req) === "data") {
      res.json({ error: { status, ...(digest === undefined ? {} : { digest }) } } satisfies DataError);
      return;
    }
    const { title, explanation } = fallbackOf(failure);
    const fault = res.locals.fault === undefined ? "" : ` (fault ${escapeHtml(res.locals.fault)})`;
    res
      .type("html")
      .send(
        [
          "<!doctype html>",
          `<html lang="en"><head><meta charset="utf-8"><title>${status} ${escapeHtml(title)}</title></head><body>`,
          `<h1>${escapeHtml(title)}</h1>`,
          `<p>${escapeHtml(explanation)}</p>`,
          digest === undefined ? "" : `<p>Digest: <code>${escapeHtml(digest)}</code></p>`,
          `<p><small>Answered by the mock server in front of the app${fault}.</small></p>`,
          "</body></html>",
        ].join(""),
      );
  },
};
