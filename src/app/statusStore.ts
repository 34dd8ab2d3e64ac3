/** A tiny external store for the shell's worker state, read by React with useSyncExternalStore. */
import type { WorkerState } from "../shell/startShell.ts";

export interface StatusStore {
  readonly get: () => WorkerState;
  readonly set: (state: WorkerState) => void;
  readonly subscribe: (listener: () => void) => () => void;
}

export function createStatusStore(initial: WorkerState): StatusStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set: (next) => {
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
