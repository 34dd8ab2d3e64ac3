/**
 * The journal, live: one EventSource on the server's journal stream, which first replays what is
 * journaled (`?after=0`) and then sends each new entry. On a dropped connection the browser
 * reconnects by itself with the last id it saw, and the server sends only what came after.
 */
import { useEffect, useState } from "react";
import { CONTROL_PREFIX, JOURNAL_EVENTS, JOURNAL_STREAM_PATH } from "../control/controlPaths.ts";
import type { JournalEntry } from "../journal/journal.ts";

/** As many entries as the server's journal keeps by default; older ones leave the panel too. */
export const KEPT_ENTRIES = 5_000;

/** `refused`: the server answered with an error (a control token it needs, say); the browser gives up. */
export type StreamState = "connecting" | "live" | "reconnecting" | "refused";

export interface LiveJournal {
  /** Oldest first, as the server journals them. */
  readonly entries: readonly JournalEntry[];
  readonly state: StreamState;
}

export function useJournal(): LiveJournal {
  const [entries, setEntries] = useState<readonly JournalEntry[]>([]);
  const [state, setState] = useState<StreamState>("connecting");
  useEffect(() => {
    const source = new EventSource(`${CONTROL_PREFIX}${JOURNAL_STREAM_PATH}?after=0`);
    // Each event is a task of its own; collecting them until a zero timeout renders a replay of
    // thousands of entries once instead of once per entry.
    let arrived: JournalEntry[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const batch = arrived;
      arrived = [];
      setEntries((current) => [...current, ...batch].slice(-KEPT_ENTRIES));
    };
    source.addEventListener("open", () => setState("live"));
    source.addEventListener("error", () => setState(source.readyState === EventSource.CLOSED ? "refused" : "reconnecting"));
    source.addEventListener(JOURNAL_EVENTS.entry, (event) => {
      arrived.push(JSON.parse(event.data) as JournalEntry);
      timer ??= setTimeout(flush, 0);
    });
    source.addEventListener(JOURNAL_EVENTS.clear, () => {
      arrived = [];
      setEntries([]);
    });
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, []);
  return { entries, state };
}
