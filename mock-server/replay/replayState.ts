/**
 * The replay in force, if any, and what `GET /__mock/replay` tells about it. What answers a
 * request no entry matches: the upstream (`upstream`, only in proxy mode) or a 404 (`404`).
 */
import type { LoadedHar } from "./loadHar.ts";
import type { SkipReason } from "./replayIndex.ts";

export const UNMATCHED_POLICIES = ["upstream", "404"] as const;
export type Unmatched = (typeof UNMATCHED_POLICIES)[number];

export interface Replay {
  readonly har: LoadedHar;
  readonly unmatched: Unmatched;
}

export interface ReplaySummary {
  readonly name: string;
  /** All entries of the HAR. */
  readonly entries: number;
  /** Those that can answer; the others by reason. */
  readonly answering: number;
  readonly skipped: Readonly<Record<SkipReason, number>>;
  readonly bodyBytes: number;
  readonly unmatched: Unmatched;
}

export function summarizeReplay({ har, unmatched }: Replay): ReplaySummary {
  const { total, usable, skipped, bodyBytes } = har.index;
  return { name: har.name, entries: total, answering: usable, skipped, bodyBytes, unmatched };
}
