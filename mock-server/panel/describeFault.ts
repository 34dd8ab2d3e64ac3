/** What a fault does, in a few words for the faults table: "403 Forbidden after 200 ms, documents only". */
import type { Fault, FaultAction, FaultStatus } from "../faults/faultSchema.ts";
import type { SequenceStep } from "../faults/sequenceSchema.ts";

/** Keyed by the server's statuses, so a status added there fails to compile here until it has words. */
export const STATUS_TEXT: Readonly<Record<FaultStatus, string>> = {
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  500: "Internal Server Error, with a digest",
  503: "Service Unavailable, with Retry-After",
};

const REPRESENTATION_TEXT = { any: null, document: "documents only", data: "data requests only" } as const;

function ending(action: FaultAction): string {
  if (action.status !== undefined) return `${action.status} ${STATUS_TEXT[action.status]}`;
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

export function describeFault(fault: Fault): string {
  const parts = [fault.sequence ? `In turn: ${fault.sequence.map(describeAction).join("; ")} (the last repeats)` : describeAction(fault)];
  if (fault.probability !== undefined) parts.push(`on ${Math.round(fault.probability * 1000) / 10}% of requests`);
  if (fault.seed !== undefined) parts.push(`seed ${fault.seed}`);
  const representation = REPRESENTATION_TEXT[fault.representation];
  if (representation) parts.push(representation);
  if (fault.methods) parts.push(`${fault.methods.join(", ")} only`);
  return parts.join(", ");
}
