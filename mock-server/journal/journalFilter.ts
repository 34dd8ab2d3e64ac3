/**
 * The journal filters (journalQuery.ts) as a test of entries: the server's for its answers, the
 * panel's for its live table, so both show the same entries for the same filters. No zod here, so
 * the panel's bundle can import it; the server reads and validates the filters in readJournalQuery.ts.
 */
import { compileGlob } from "../faults/pathGlob.ts";
import type { JournalEntry } from "./journal.ts";
import type { JournalQuery, StatusFilter } from "./journalQuery.ts";

function statusMatches(filter: StatusFilter, status: number | null): boolean {
  if (filter === "none") return status === null;
  if (typeof filter === "number") return status === filter;
  return status !== null && Math.floor(status / 100) === Number(filter[0]);
}

/** The entries' test for `query`: every filter given must hold. */
export function journalFilter(query: JournalQuery): (entry: JournalEntry) => boolean {
  const matchesPath = query.path === undefined ? undefined : compileGlob(query.path);
  return (entry) =>
    (matchesPath === undefined || matchesPath(entry.url.split("?", 1)[0] ?? "")) &&
    (query.method === undefined || entry.method === query.method) &&
    (query.status === undefined || statusMatches(query.status, entry.status)) &&
    (query.fault === undefined || entry.fault === (query.fault === "none" ? null : query.fault)) &&
    (query.digest === undefined || entry.digest === query.digest) &&
    (query.after === undefined || entry.id > query.after);
}
