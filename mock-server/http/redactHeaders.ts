/**
 * What the journal keeps of a request's and a response's headers: every one, as sent, except the
 * values that grant access. The journal is served to every control client and exported as HAR,
 * which ends up attached to bug reports, so credentials and sessions (`Authorization`,
 * `Proxy-Authorization`, `Cookie`, `Set-Cookie`) and the control token, wherever it appears, are
 * replaced by REDACTED. The header stays listed: that it was sent is often the point.
 */
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from "node:http";

export const REDACTED = "[redacted]";

const SECRET_HEADERS: ReadonlySet<string> = new Set(["authorization", "proxy-authorization", "cookie", "set-cookie"]);

/** Header names in lower case, each with one value (repeated ones joined with ", ", as Node does). */
export type HeaderRecord = Readonly<Record<string, string>>;

/** One header's value as the journal may keep it. */
export function redactedValue(name: string, value: string, controlToken: string | undefined): string {
  if (SECRET_HEADERS.has(name.toLowerCase())) return REDACTED;
  return controlToken === undefined ? value : value.replaceAll(controlToken, REDACTED);
}

export function redactedHeaders(headers: IncomingHttpHeaders | OutgoingHttpHeaders, controlToken: string | undefined): HeaderRecord {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(", ") : String(value);
    kept[name.toLowerCase()] = redactedValue(name, text, controlToken);
  }
  return kept;
}
