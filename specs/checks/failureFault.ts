/**
 * ERR-6 / NAV-3: a failure as servers send it. Most error pages say nothing about caching; some (the
 * reference app's own 404) say `no-store`. Tried with `no-store` alone, a worker that stores whatever
 * comes back but honours `no-store` (its status check removed) passes every spec (scripts/deviantWorker/),
 * so each status fault of these clauses is tried both ways.
 */

import type { FaultInput, FaultStatus } from "../../mock-server/faults/faultSchema.ts";
import { expect } from "../harness/expect.ts";
import type { MockServer } from "../harness/mockServerProcess.ts";

/** The failures ERR-6 and NAV-3 try: not found, forbidden, unauthorized, a server error. */
export const FAILURE_STATUSES = [404, 403, 401, 500] as const;

export const FAILURE_CACHE_CONTROLS = [
  { sent: "without Cache-Control", cacheControl: null },
  { sent: "with Cache-Control: no-store", cacheControl: "no-store" },
] as const;

export type FailureCacheControl = (typeof FAILURE_CACHE_CONTROLS)[number];

/** A status fault on `path` whose response carries `how`'s Cache-Control, or none. */
export function failureFault(path: string, status: FaultStatus, representation: "document" | "data", how: FailureCacheControl): FaultInput {
  return { path, status, representation, ...(how.cacheControl === null ? {} : { responseHeaders: { "Cache-Control": how.cacheControl } }) };
}

/**
 * Resolves once the mock server's journal shows fault `faultId` answered `status` with `how`'s
 * Cache-Control: the header a test is about is the one that went out, whatever the server defaults to.
 */
export async function expectFailureSent(mock: MockServer, faultId: string, status: FaultStatus, how: FailureCacheControl): Promise<void> {
  await expect
    .poll(async () => {
      const entry = (await mock.journal()).find((e) => e.fault === faultId && e.faultApplied === true);
      return entry && { status: entry.status, cacheControl: entry.responseHeaders["cache-control"] ?? null };
    })
    .toEqual({ status, cacheControl: how.cacheControl });
}
