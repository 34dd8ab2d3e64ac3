/**
 * A small seeded pseudo-random generator (mulberry32), one per fault: the same seed and the same
 * requests in the same order give the same draws, so a run with `probability`, `jitterMs` or
 * `garbage` can be replayed exactly. Not for anything secret.
 */

/** Seeds are unsigned 32-bit integers: mulberry32's whole state. */
export const MAX_SEED = 0xffff_ffff;

/** Numbers in [0, 1). */
export type Random = () => number;

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** A seed for a fault that names none; the stored fault shows it, so the run can still be replayed. */
export function randomSeed(): number {
  return Math.floor(Math.random() * (MAX_SEED + 1));
}
