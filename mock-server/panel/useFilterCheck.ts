/**
 * Whether the server accepts the journal filters, asked with `GET /__mock/journal/count`: the server
 * validates them (readJournalQuery.ts), so the panel shows its message instead of judging the filters
 * itself. Only the answer for the filters now typed counts; an older one that comes late is dropped.
 */
import { useEffect, useRef, useState } from "react";
import { type JournalQuery, journalSearch } from "../journal/journalQuery.ts";
import { control, messageOf } from "./control.ts";

/** The server's message when it refuses `query`, or null (accepted, no filter, or not answered yet). */
export function useFilterCheck(query: JournalQuery): string | null {
  const search = journalSearch(query);
  const latest = useRef(query);
  latest.current = query;
  const [refused, setRefused] = useState<{ readonly search: string; readonly message: string } | null>(null);
  useEffect(() => {
    if (search === "") return;
    let current = true;
    control.countJournal(latest.current).then(
      () => {
        if (current) setRefused(null);
      },
      (error: unknown) => {
        if (current) setRefused({ search, message: messageOf(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [search]);
  return refused !== null && refused.search === search ? refused.message : null;
}
