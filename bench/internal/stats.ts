/** Order statistics for benchmark samples: medians and spread, never means (one stall skews a mean). */

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
