import { useId, useState } from "react";
import type { ReplaySummary } from "../replay/replayState.ts";
import { describeReplay } from "./describeReplay.ts";

/**
 * Record and replay: the HAR answering requests, a button that stops it, and a file picker that
 * loads one (`POST /__mock/replay`, sent as read: the server checks it and says what is wrong).
 */
export function ReplayControl({
  replay,
  onLoad,
  onStop,
}: {
  replay: ReplaySummary | null | undefined;
  onLoad: (file: File) => Promise<void>;
  onStop: () => Promise<void>;
}) {
  const [pending, setPending] = useState(false);
  const inputId = useId();
  const run = async (action: () => Promise<void>) => {
    setPending(true);
    try {
      await action();
    } finally {
      setPending(false);
    }
  };
  return (
    <fieldset className="replay" aria-describedby="replay-state">
      <legend>Replay</legend>
      <small id="replay-state">{describeReplay(replay)}</small>
      <label htmlFor={inputId}>Answer from a HAR file</label>
      <input
        id={inputId}
        type="file"
        accept=".har,application/json"
        disabled={pending}
        onChange={(event) => {
          const input = event.currentTarget;
          const file = input.files?.[0];
          if (file) void run(() => onLoad(file)).finally(() => (input.value = ""));
        }}
      />
      {replay && (
        <button type="button" disabled={pending} onClick={() => run(onStop)}>
          Stop the replay
        </button>
      )}
    </fieldset>
  );
}
