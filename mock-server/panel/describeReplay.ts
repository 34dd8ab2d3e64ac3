/** The replay in force as the panel words it (`GET /__mock/replay`). */
import { type ReplaySummary, UNMATCHED_POLICIES } from "../replay/replayState.ts";

export const UNMATCHED_LABELS: Readonly<Record<(typeof UNMATCHED_POLICIES)[number], string>> = {
  upstream: "go to the app (upstream)",
  "404": "get a 404",
};

export function describeReplay(replay: ReplaySummary | null | undefined): string {
  if (replay === undefined) return "Loading…";
  if (replay === null) return "No HAR: requests go to the app as it answers (POST /__mock/replay).";
  const skipped = replay.entries - replay.answering;
  const passedOver = skipped === 0 ? "" : ` (${skipped} passed over: failed requests, 1xx and 304 answers, bodies not in the HAR)`;
  return `Answering from ${replay.name}: ${replay.answering} of its ${replay.entries} entries${passedOver}. Requests it has no entry for ${UNMATCHED_LABELS[replay.unmatched]}.`;
}

export { UNMATCHED_POLICIES };
