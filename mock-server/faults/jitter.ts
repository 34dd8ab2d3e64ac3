/**
 * Jitter: a fault's delay varies uniformly over `delayMs ± jitterMs` (Toxiproxy's latency toxic),
 * drawn from the fault's seeded generator so a seed replays the same delays. Validation keeps
 * `jitterMs ≤ delayMs`, so the delay never goes below 0.
 */
import type { Random } from "./seededRandom.ts";

export function jitteredDelay(delayMs: number, jitterMs: number, random: Random): number {
  return Math.round(delayMs - jitterMs + random() * 2 * jitterMs);
}
