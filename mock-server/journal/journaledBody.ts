/**
 * A request's body as the journal keeps it: its text, clipped, with the control token redacted as
 * everywhere else in the journal (redactToken.ts); a binary body only by its size. A journal goes to
 * every control client and into HAR files attached to bug reports.
 */
import { clipText } from "../http/clipText.ts";
import type { KeptBody } from "../http/keptBody.ts";
import { redactToken } from "../http/redactToken.ts";

/** The most of a body's text an entry keeps: as much as of a header value, so entries stay small. */
export const MAX_JOURNALED_BODY_LENGTH = 2_000;

export interface JournaledBody {
  readonly contentType: string | null;
  /** The body's size in bytes; null when it was longer than the server reads before matching (keptBody.ts). */
  readonly size: number | null;
  /** Its start as text (UTF-8), the token redacted; null for a binary body. */
  readonly text: string | null;
  /** True when `text` is not the whole body. */
  readonly truncated: boolean;
}

const TEXTUAL = /^(text\/|application\/(json|[\w.+-]+\+json|x-www-form-urlencoded|xml|[\w.+-]+\+xml|javascript|graphql))/i;

function isText(body: KeptBody): boolean {
  if (body.contentType !== null) return TEXTUAL.test(body.contentType.trim());
  // No type given: text if it decodes as UTF-8.
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(body.bytes);
    return true;
  } catch {
    return false;
  }
}

export function journaledBody(body: KeptBody, controlToken: string | undefined): JournaledBody {
  const size = body.complete ? body.bytes.length : null;
  if (!isText(body)) return { contentType: body.contentType, size, text: null, truncated: true };
  const redacted = redactToken(body.bytes.toString("utf8"), controlToken);
  const text = clipText(redacted, MAX_JOURNALED_BODY_LENGTH);
  return { contentType: body.contentType, size, text, truncated: !body.complete || text !== redacted };
}
