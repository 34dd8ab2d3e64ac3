/**
 * The fake-clock times (ms after `online`) at which init looks whether the app has begun to reload.
 * Settle times are round numbers (the reference shell's 500 ms), so one lands on a checkpoint and is
 * read exactly; any other is read at the next checkpoint, at most 1.5 times too long, which ONL-1's
 * "starts the settle time again" spec still tells apart (it needs the profile's value between 2/3
 * and 2 times the app's). The last is ONL-1's own budget: more than any sensible settle time.
 */
export const SETTLE_CHECKPOINTS_MS = [
  0, 10, 15, 20, 30, 40, 50, 75, 100, 150, 200, 300, 400, 500, 750, 1_000, 1_500, 2_000, 3_000, 4_000, 5_000, 7_500, 10_000,
] as const;

/** The checkpoint before `ms`: the app's settle time lies after it and at most at `ms`. */
export function previousCheckpoint(ms: number): number {
  return [...SETTLE_CHECKPOINTS_MS].reverse().find((checkpoint) => checkpoint < ms) ?? 0;
}
