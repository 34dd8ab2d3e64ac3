import { CONTROL_PREFIX, JOURNAL_HAR_PATH } from "../control/controlPaths.ts";
import type { JournalEntry } from "../journal/journal.ts";
import { journalFilter } from "../journal/journalFilter.ts";
import { type JournalQuery, journalSearch } from "../journal/journalQuery.ts";
import { JournalTable, SHOWN_ROWS } from "./JournalTable.tsx";
import { describeQuery, type FilterName, queryOf } from "./journalFilterValues.ts";
import { useFilterCheck } from "./useFilterCheck.ts";
import type { LiveJournal, StreamState } from "./useJournal.ts";
import type { JournalFilters } from "./useJournalFilters.ts";

const STREAM_TEXT: Readonly<Record<StreamState, string>> = {
  connecting: "Connecting to the journal…",
  live: "Live: new requests appear as they happen.",
  reconnecting: "Connection lost; reconnecting…",
  refused: "The server refused the journal stream; see the message above.",
};

/** The filter fields beside the digest, with what each takes; suggestions come from the journal itself. */
const FIELDS: readonly { readonly name: Exclude<FilterName, "digest">; readonly label: string; readonly placeholder: string }[] = [
  { name: "path", label: "Path", placeholder: "/app/pages/*" },
  { name: "method", label: "Method", placeholder: "GET" },
  { name: "status", label: "Status", placeholder: "4xx" },
  { name: "fault", label: "Fault", placeholder: "f1" },
];

function suggestions(entries: readonly JournalEntry[], name: Exclude<FilterName, "digest" | "path">): string[] {
  const seen = new Set<string>(name === "status" ? ["2xx", "3xx", "4xx", "5xx", "none"] : name === "fault" ? ["request", "none"] : []);
  for (const entry of entries) {
    const value = entry[name];
    if (value !== null) seen.add(String(value));
  }
  return [...seen];
}

/** The same test of entries as the server's (journalFilter.ts); a filter it could not even compile matches nothing. */
function matchingEntries(entries: readonly JournalEntry[], query: JournalQuery): readonly JournalEntry[] {
  if (journalSearch(query) === "") return entries;
  try {
    return entries.filter(journalFilter(query));
  } catch {
    return [];
  }
}

function summary(all: readonly JournalEntry[], matching: readonly JournalEntry[], query: JournalQuery, refused: boolean): string {
  if (refused) return "the filters are not valid; see the message above them.";
  const shown = matching.length > SHOWN_ROWS ? `; the newest ${SHOWN_ROWS} are shown` : "";
  const filters = describeQuery(query);
  if (filters === "") return `${all.length} journaled${shown}.`;
  return `${matching.length} with ${filters}, of ${all.length} journaled${shown}.`;
}

/**
 * The live journal with its filters, the same as the control API's (path or glob, method, status,
 * fault, digest) and kept in the page URL. A person pastes the digest from an application-error page
 * (or clicks one in the table) and sees the request that produced it (ERR-4).
 */
export function JournalView({ journal, filters }: { journal: LiveJournal; filters: JournalFilters }) {
  const query = queryOf(filters.values);
  const refused = useFilterCheck(query);
  const matching = refused === null ? matchingEntries(journal.entries, query) : [];
  const filtered = journalSearch(query) !== "";
  return (
    <>
      <div className="journal-bar">
        <p className={`stream stream-${journal.state}`} role="status">
          {STREAM_TEXT[journal.state]}
        </p>
        {/* The server's HAR of what the table shows (the same filters), for a browser's network panel or a bug report. */}
        {refused === null && (
          <a className="har-download" href={`${CONTROL_PREFIX}${JOURNAL_HAR_PATH}${journalSearch(query)}`} download="journal.har">
            Download as HAR
          </a>
        )}
      </div>
      <search className="journal-filter" aria-label="Filter the journal">
        {FIELDS.map(({ name, label, placeholder }) => (
          <div className="field" key={name}>
            <label htmlFor={`journal-${name}`}>{label}</label>
            <input
              id={`journal-${name}`}
              type="search"
              value={filters.values[name]}
              onChange={(event) => filters.set(name, event.currentTarget.value)}
              placeholder={placeholder}
              list={name === "path" ? undefined : `journal-${name}-seen`}
              aria-describedby="journal-filter-hint"
              spellCheck={false}
              autoComplete="off"
            />
            {name !== "path" && (
              <datalist id={`journal-${name}-seen`}>
                {suggestions(journal.entries, name).map((value) => (
                  <option key={value} value={value} />
                ))}
              </datalist>
            )}
          </div>
        ))}
        <div className="field">
          <label htmlFor="digest-filter">Digest</label>
          <input
            id="digest-filter"
            type="search"
            value={filters.values.digest}
            onChange={(event) => filters.set("digest", event.currentTarget.value)}
            spellCheck={false}
            autoComplete="off"
            aria-describedby="journal-filter-hint"
          />
        </div>
        {filtered && (
          <button type="button" onClick={filters.clear}>
            Show all requests
          </button>
        )}
        <small id="journal-filter-hint" className="filter-hint">
          Paste the digest from an application-error page to find the request behind it. Path: exact, or a glob (* within a segment, ** across); status: a code,
          a class (4xx) or none; fault: an id, request or none.
        </small>
        <p role="alert" className="filter-error">
          {refused ?? ""}
        </p>
      </search>
      <JournalTable
        entries={matching}
        caption={`Requests, newest first: ${summary(journal.entries, matching, query, refused !== null)}`}
        onDigest={(digest) => filters.set("digest", digest)}
      />
    </>
  );
}
