/**
 * Near-misses, as WireMock's `/__admin/requests/unmatched/near-misses`: for a request no fault
 * matched, the faults whose path it matched (or nearly: letter case, a trailing slash) and which of
 * their other criteria it failed, so a test that expected a fault to apply can read why it did not.
 */
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
    const differences = matcher.nearMiss(request);
    if (differences) found.push({ fault: id, differences });
  }
  // Array.prototype.sort is stable, so equals keep the store's newest-first order.
  return found.sort((a, b) => a.differences.length - b.differences.length).slice(0, MAX_NEAR_MISSES);
}
