/** What a fault does, in a few words for the faults table: "403 Forbidden after 200 ms, documents only". */
import type { Fault, FaultAction, FaultStatus } from "../faults/faultSchema.ts";
import type { SequenceStep } from "../faults/sequenceSchema.ts";

/**
 * Words for the statuses faults are most often made of (the panel runs in the browser, without
 * Node's STATUS_CODES); any other status is shown by its number alone.
 */
export const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: "OK",
  204: "No Content",
  301: "Moved Permanently",
  302: "Found",
  303: "See Other",
  304: "Not Modified",
  307: "Temporary Redirect",
  308: "Permanent Redirect",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  408: "Request Timeout",
  410: "Gone",
  429: "Too Many Requests, with Retry-After",
  500: "Internal Server Error, with a digest",
  502: "Bad Gateway",
  503: "Service Unavailable, with Retry-After",
  504: "Gateway Timeout",
};

const statusText = (status: FaultStatus) => `${status}${STATUS_TEXT[status] === undefined ? "" : ` ${STATUS_TEXT[status]}`}`;

const REPRESENTATION_TEXT = { any: null, document: "documents only", data: "data requests only" } as const;

function ending(action: FaultAction): string {
  if (action.status !== undefined) return statusText(action.status);
  if (action.redirect) return `Redirects (${action.redirect.status}) to ${action.redirect.to}`;
  if (action.portal) return "Answers with a captive portal's sign-in page (200)";
  if (action.drop) return "Drops the connection";
  if (action.hang) return "Never answers";
  if (action.reset) return "Resets the connection (RST)";
  if (action.garbage) return "Sends garbage, then closes";
  if (action.throwOnLoad) return "Answers with a script that throws";
  return "Answers normally";
}

/** One action (a fault's own, or a step): "404 Not Found after 200 ± 50 ms, cut after 100 bytes". */
function describeAction(action: FaultAction | SequenceStep): string {
  const { delayMs, jitterMs, truncate, dribble, responseHeaders } = action;
  const delay = delayMs === undefined ? "" : jitterMs === undefined ? ` after ${delayMs} ms` : ` after ${delayMs} ± ${jitterMs} ms`;
  const parts = [`${ending(action)}${delay}`];
  if (truncate) parts.push(`cut after ${truncate.bytes} bytes`);
  if (dribble)
    parts.push(dribble.bytesPerSecond === undefined ? `in ${dribble.chunks} chunks over ${dribble.overMs} ms` : `at ${dribble.bytesPerSecond} bytes/s`);
  if (responseHeaders) parts.push(`with ${Object.keys(responseHeaders).join(", ")}`);
  return parts.join(", ");
}

/** The fault's own action: its quota's 429, its sequence in turn, or the one action it has. */
function describeOwnAction(fault: Fault): string {
  if (fault.quota) return `Lets ${fault.quota.limit} requests through per ${fault.quota.windowMs} ms, then ${describeAction({ ...fault, status: 429 })}`;
  if (fault.sequence) return `In turn: ${fault.sequence.map(describeAction).join("; ")} (the last repeats)`;
  return describeAction(fault);
}

export function describeFault(fault: Fault): string {
  const parts = [describeOwnAction(fault)];
  if (fault.outage) parts.push(`only from ${fault.outage.afterMs} ms after it was added, for ${fault.outage.forMs} ms`);
  if (fault.probability !== undefined) parts.push(`on ${Math.round(fault.probability * 1000) / 10}% of requests`);
  if (fault.seed !== undefined) parts.push(`seed ${fault.seed}`);
  const representation = REPRESENTATION_TEXT[fault.representation];
  if (representation) parts.push(representation);
  if (fault.methods) parts.push(`${fault.methods.join(", ")} only`);
  return parts.join(", ");
}
