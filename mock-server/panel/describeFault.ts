/** What a fault does, in a few words for the faults table: "403 Forbidden after 200 ms, documents only". */
import type { Fault, FaultStatus } from "../faults/faultSchema.ts";

/** Keyed by the server's statuses, so a status added there fails to compile here until it has words. */
export const STATUS_TEXT: Readonly<Record<FaultStatus, string>> = {
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  500: "Internal Server Error, with a digest",
  503: "Service Unavailable, with Retry-After",
};

const REPRESENTATION_TEXT = { any: null, document: "documents only", data: "data requests only" } as const;

function action(fault: Fault): string {
  if (fault.status !== undefined) return `${fault.status} ${STATUS_TEXT[fault.status]}`;
  if (fault.drop) return "Drops the connection";
  if (fault.hang) return "Never answers";
  return "Answers normally";
}

export function describeFault(fault: Fault): string {
  const parts = [fault.delayMs === undefined ? action(fault) : `${action(fault)} after ${fault.delayMs} ms`];
  const representation = REPRESENTATION_TEXT[fault.representation];
  if (representation) parts.push(representation);
  if (fault.methods) parts.push(`${fault.methods.join(", ")} only`);
  return parts.join(", ");
}
