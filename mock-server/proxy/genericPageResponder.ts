/**
 * Fault pages in proxy mode. The upstream app's own fallback pages are unknown, so a status fault
 * answers a plain page saying what happened, or for a data request (`Accept: application/json`) the
 * same `{ error: { status, digest? } }` body the reference shell's data requests get.
 */
import type { DataError } from "../../src/core/fallbacks.ts";
import { representationOf } from "../http/representation.ts";
import type { PageResponder } from "../reference/respondWithPage.ts";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export const genericPageResponder: PageResponder = (req, res, status, content, options = {}) => {
  res.status(status).vary("Accept");
  if (!options.fault) res.set("cache-control", "no-store");
  if (representationOf(req) === "data") {
    res.json({ error: { status, ...(content.digest === undefined ? {} : { digest: content.digest }) } } satisfies DataError);
    return;
  }
  const fault = res.locals.fault === undefined ? "" : ` (fault ${escapeHtml(res.locals.fault)})`;
  res
    .type("html")
    .send(
      [
        "<!doctype html>",
        `<html lang="en"><head><meta charset="utf-8"><title>${status} ${escapeHtml(content.title)}</title></head><body>`,
        `<h1>${escapeHtml(content.title)}</h1>`,
        ...content.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
        content.digest === undefined ? "" : `<p>Digest: <code>${escapeHtml(content.digest)}</code></p>`,
        `<p><small>Answered by the mock server in front of the app${fault}.</small></p>`,
        "</body></html>",
      ].join(""),
    );
};
