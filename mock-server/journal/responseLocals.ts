/**
 * What the middleware leaves on `res.locals` for the request journal and the pages: typed once here
 * (Express declares `Locals` open for this), so a misspelt or mistyped field fails to compile instead
 * of silently journalling null.
 */
import type { NearMiss } from "../faults/nearMisses.ts";
import type { KeptBody } from "../http/keptBody.ts";
import type { ReplayMatchKind } from "../replay/replayIndex.ts";

declare module "express-serve-static-core" {
  interface Locals {
    /** The request's URL as the journal and the logs show it: the control token redacted (journalRequests.ts). */
    url?: string;
    /** The id of the fault that shaped the response (`request` for the request's own `__status`). */
    fault?: string;
    /** The digest a status-500 fault showed, for the journal to tie to this one request. */
    digest?: string;
    /** The connection was cut on purpose (a drop fault), not by the client. */
    dropped?: boolean;
    /** The request is held open on purpose (a hang fault). */
    hung?: boolean;
    /** How a fault, the network switch (`offline`) or the upstream (`upstream-reset`) cut the response short: the journal's outcome for it. */
    cut?: "reset" | "garbage" | "truncated" | "offline" | "upstream-reset";
    /** false when the matching fault's `probability` spared the request (it went on untouched). */
    faultApplied?: boolean;
    /** Matching the request would have cost more than the budget (matchBudget.ts): it went on unmatched. */
    tooCostlyToMatch?: boolean;
    /** For a request no fault matched: the faults it nearly matched (nearMisses.ts), for its journal entry. */
    nearMisses?: readonly NearMiss[];
    /** The start of the request's body, read before faults were matched (keptBody.ts); none without a body. */
    requestBody?: KeptBody;
    /** The HAR entry (its index in `log.entries`) that answered, and by which rule (replayIndex.ts). */
    replayed?: { readonly entry: number; readonly match: ReplayMatchKind };
  }
}
