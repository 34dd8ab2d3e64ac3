/**
 * Near-misses, as WireMock's `/__admin/requests/unmatched/near-misses`: for a request no fault
 * matched, the faults whose path it matched (or nearly: letter case, a trailing slash) and which of
 * their other criteria it failed, so a test that expected a fault to apply can read why it did not.
 *
 * Worked out for every request no fault matched, which is most of them: each fault about another
 * path costs two more path tests (trailing slash, letter case). With 1,000 such faults that is about
 * 0.4 ms a request where the `take` before it is 0.12 ms (1.2 ms while each fault lower-cased the
 * path for itself; the request's variants are now worked out once).
 */
import { MatchBudgetExceeded } from "./matchBudget.ts";
import type { Difference, MatchRequest, RequestMatcher } from "./requestMatcher.ts";

export interface NearMiss {
  /** The id of the fault nearly matched. */
  readonly fault: string;
  readonly differences: readonly Difference[];
}

/** Per request: the closest few say why; a long list would bury them (and every entry carries it). */
export const MAX_NEAR_MISSES = 3;

/** `candidates` newest first, as the store tries them; the closest (fewest differences) come first, the newest among equals. */
export function nearMisses(candidates: Iterable<{ readonly id: string; readonly matcher: RequestMatcher }>, request: MatchRequest): NearMiss[] {
  const found: NearMiss[] = [];
  for (const { id, matcher } of candidates) {
    let differences: Difference[] | null;
    try {
      differences = matcher.nearMiss(request);
    } catch (error) {
      // Near-misses explain, they decide nothing: once the request's budget is spent, those found so far stand.
      if (error instanceof MatchBudgetExceeded) break;
      throw error;
    }
    if (differences) found.push({ fault: id, differences });
  }
  // Array.prototype.sort is stable, so equals keep the store's newest-first order.
  return found.sort((a, b) => a.differences.length - b.differences.length).slice(0, MAX_NEAR_MISSES);
}
