/**
 * What the journal keeps of a request's and a response's headers: every one, as sent, except the
 * values that grant access. The journal is served to every control client and exported as HAR,
 * which ends up attached to bug reports, so credentials and sessions (`Authorization`,
 * `Proxy-Authorization`, `Cookie`, `Set-Cookie`) and the control token, wherever it appears, are
 * replaced by REDACTED. The header stays listed: that it was sent is often the point.
 */
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from "node:http";
import { clipText } from "./clipText.ts";
import { REDACTED, redactToken } from "./redactToken.ts";

export { REDACTED };

/**
 * A header value as the journal and near-misses keep it: a browser's longest (a Cookie, redacted
 * anyway; a Content-Security-Policy) fits, as in faults' exact values (MAX_EXACT_VALUE_LENGTH).
 */
export const MAX_JOURNALED_VALUE_LENGTH = 2_000;

const SECRET_HEADERS: ReadonlySet<string> = new Set(["authorization", "proxy-authorization", "cookie", "set-cookie"]);

/** Whether a header's value grants access, so records show REDACTED instead (case-insensitive). */
export function isSecretHeader(name: string): boolean {
  return SECRET_HEADERS.has(name.toLowerCase());
}

/** Header names in lower case, each with one value (repeated ones joined with ", ", as Node does). */
export type HeaderRecord = Readonly<Record<string, string>>;

/** One header's value as the journal may keep it: redacted, then clipped (so no token is cut in two and shows half). */
export function redactedValue(name: string, value: string, controlToken: string | undefined): string {
  if (isSecretHeader(name)) return REDACTED;
  return clipText(redactToken(value, controlToken), MAX_JOURNALED_VALUE_LENGTH);
}

export function redactedHeaders(headers: IncomingHttpHeaders | OutgoingHttpHeaders, controlToken: string | undefined): HeaderRecord {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(", ") : String(value);
    // Defined, not assigned: `kept.__proto__ = …` would set the record's prototype and lose the header.
    Object.defineProperty(kept, name.toLowerCase(), { value: redactedValue(name, text, controlToken), enumerable: true, writable: true, configurable: true });
  }
  return kept;
}

/**
 * The request's headers from the lines as sent (`req.rawHeaders`), repeated ones joined with ", ":
 * Node's `req.headers` leaves out one named `__proto__`, and the journal keeps every header.
 */
export function redactedRawHeaders(raw: readonly string[], controlToken: string | undefined): HeaderRecord {
  const joined = new Map<string, string>();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase();
    const earlier = joined.get(name);
    joined.set(name, earlier === undefined ? (raw[i + 1] as string) : `${earlier}, ${raw[i + 1]}`);
  }
  return redactedHeaders(Object.fromEntries(joined), controlToken);
}
