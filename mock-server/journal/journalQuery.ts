/**
 * The filters of `GET /__mock/journal`, `/journal/count`, `/journal.har` and `/near-misses`, as
 * callers write them, and their query string: what the server and its typed client agree on. No
 * zod here, so the panel's bundle can import it; the server validates in readJournalQuery.ts.
 */
import type { NearMiss } from "../faults/nearMisses.ts";
import type { JournalEntry } from "./journal.ts";

/** A status code, a class (`5xx`), or `none` for requests that got no response. */
export type StatusFilter = number | "1xx" | "2xx" | "3xx" | "4xx" | "5xx" | "none";

export interface JournalQuery {
  /** An exact path or a glob (`*` within a segment, `**` across), as faults take it; the query is not part of it. */
  readonly path?: string;
  readonly method?: string;
  readonly status?: StatusFilter;
  /** A fault id, `request` (a request's own `__status`), or `none` (no fault). On near-misses: the fault nearly matched. */
  readonly fault?: string;
  readonly digest?: string;
  /** Only entries with a greater id, as the journal stream's `?after=N`. */
  readonly after?: number;
}

/** A status filter as written (`404`, `5xx`, `none`), already known to be valid, as the filter reads it. */
export function statusFilterOf(text: string): StatusFilter {
  return /^\d+$/.test(text) ? Number(text) : (text as StatusFilter);
}

export const JOURNAL_QUERY_PARAMETERS = ["path", "method", "status", "fault", "digest", "after"] as const satisfies readonly (keyof JournalQuery)[];

/** `?path=%2Fapp%2F**&status=404`, or "" for no filter. */
export function journalSearch(query: JournalQuery): string {
  const params = new URLSearchParams();
  for (const name of JOURNAL_QUERY_PARAMETERS) {
    const value = query[name];
    if (value !== undefined) params.set(name, String(value));
  }
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}

/** `GET /journal/count`: the entries that match, and how many the journal let go of (they might have). */
export interface JournalCount {
  readonly count: number;
  readonly dropped: number;
}

/** One row of `GET /near-misses`: a request no fault matched, a fault it nearly matched, and how. */
export interface NearMissReport extends NearMiss {
  readonly request: Pick<JournalEntry, "id" | "time" | "method" | "url">;
}
