/** Order statistics for benchmark samples: medians and spread, never means (one stall skews a mean). */
import { seededRandom } from "../../mock-server/faults/seededRandom.ts";

export interface Summary {
  readonly n: number;
  readonly p10: number;
  readonly median: number;
  readonly p90: number;
}

/**
 * The q-quantile (0 ≤ q ≤ 1) by linear interpolation between closest ranks (the method numpy and
 * R's type 7 use), so the median of an even count is the mean of the two middle samples.
 */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) throw new Error("Failed to compute a quantile: there are no samples. Run at least one repetition.");
  if (!(q >= 0 && q <= 1)) throw new Error(`Failed to compute a quantile: q is ${q}, not between 0 and 1.`);
  const sorted = [...samples].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const low = sorted[below] as number;
  const high = sorted[Math.min(below + 1, sorted.length - 1)] as number;
  return low + (high - low) * (position - below);
}

export function median(samples: readonly number[]): number {
  return quantile(samples, 0.5);
}

export function summarize(samples: readonly number[]): Summary {
  return { n: samples.length, p10: quantile(samples, 0.1), median: median(samples), p90: quantile(samples, 0.9) };
}

/** The ms a worker adds: its median less the median of its own no-worker baseline. */
export interface AddedCost {
  readonly withWorker: readonly number[];
  readonly baseline: readonly number[];
}

export const addedMs = ({ withWorker, baseline }: AddedCost): number => median(withWorker) - median(baseline);

/**
 * How far the ratio of two workers' added ms (`ours` over `peer`) can be trusted: the 5th and 95th
 * percentiles of the ratio over `resamples` bootstrap resamples of all four sample sets (each drawn
 * with replacement, seeded, so a run's figures can be recomputed). Two workers whose costs differ by
 * less than this machine's noise give an interval that straddles 1, whatever a single ratio says.
 */
export function bootstrapRatioInterval(ours: AddedCost, peer: AddedCost, resamples = 1_000, seed = 1): { low: number; high: number } {
  const random = seededRandom(seed);
  const resample = (samples: readonly number[]) => Array.from(samples, () => samples[Math.floor(random() * samples.length)] as number);
  const again = (cost: AddedCost): AddedCost => ({ withWorker: resample(cost.withWorker), baseline: resample(cost.baseline) });
  const ratios = Array.from({ length: resamples }, () => {
    const peerAdded = addedMs(again(peer));
    return peerAdded > 0 ? addedMs(again(ours)) / peerAdded : Number.POSITIVE_INFINITY;
  });
  return { low: quantile(ratios, 0.05), high: quantile(ratios, 0.95) };
}
