/**
 * The active faults as the server lists them. Refreshed on demand (after the panel changes them, and
 * on each journal entry, since a request can use up a `times` fault) and when the tab becomes visible
 * again, for faults a tool or test changed meanwhile. Calls made while one is under way coalesce
 * into one more, so a burst of requests costs two fetches, not one per request.
 */
import { useCallback, useRef, useState } from "react";
import type { Fault } from "../faults/faultSchema.ts";
import { control, messageOf } from "./control.ts";
import { useRefreshWhenVisible } from "./useRefreshWhenVisible.ts";

export interface ActiveFaults {
  /** null until the first answer. */
  readonly faults: readonly Fault[] | null;
  readonly error: string | null;
  readonly refresh: () => Promise<void>;
}

export function useFaults(): ActiveFaults {
  const [faults, setFaults] = useState<readonly Fault[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fetching = useRef<{ running: boolean; again: boolean }>({ running: false, again: false });

  const refresh = useCallback(async () => {
    const state = fetching.current;
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = true;
    try {
      do {
        state.again = false;
        setFaults(await control.listFaults());
        setError(null);
      } while (state.again);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      state.running = false;
    }
  }, []);

  useRefreshWhenVisible(refresh);

  return { faults, error, refresh };
}
