import { CONTROL_PREFIX, JOURNAL_HAR_PATH } from "../controlPaths.ts";
import type { JournalEntry } from "../journal.ts";
import { journalSearch } from "../journalQuery.ts";
import { JournalTable, SHOWN_ROWS } from "./JournalTable.tsx";
import type { LiveJournal, StreamState } from "./useJournal.ts";

const STREAM_TEXT: Readonly<Record<StreamState, string>> = {
  connecting: "Connecting to the journal…",
  live: "Live: new requests appear as they happen.",
  reconnecting: "Connection lost; reconnecting…",
  refused: "The server refused the journal stream; see the message above.",
};

function summary(all: readonly JournalEntry[], matching: readonly JournalEntry[], digest: string): string {
  const shown = matching.length > SHOWN_ROWS ? `; the newest ${SHOWN_ROWS} are shown` : "";
  if (digest === "") return `${all.length} journaled${shown}.`;
  return `${matching.length} with digest ${digest}, of ${all.length} journaled${shown}.`;
}

/**
 * The live journal with its digest filter: a person pastes the digest from an application-error page
 * (or clicks one in the table) and sees the request that produced it (ERR-4).
 */
export function JournalView({ journal, digest, onDigest }: { journal: LiveJournal; digest: string; onDigest: (digest: string) => void }) {
  const wanted = digest.trim();
  const matching = wanted === "" ? journal.entries : journal.entries.filter((entry) => entry.digest === wanted);
  return (
    <>
      <div className="journal-bar">
        <p className={`stream stream-${journal.state}`} role="status">
          {STREAM_TEXT[journal.state]}
        </p>
        <search className="journal-filter">
          <label htmlFor="digest-filter">Digest</label>
          <input
            id="digest-filter"
            type="search"
            value={digest}
            onChange={(event) => onDigest(event.currentTarget.value)}
            spellCheck={false}
            autoComplete="off"
            aria-describedby="digest-filter-hint"
          />
          {wanted !== "" && (
            <button type="button" onClick={() => onDigest("")}>
              Show all requests
            </button>
          )}
          <small id="digest-filter-hint">Paste the digest from an application-error page to find the request behind it.</small>
        </search>
        {/* The server's HAR of what the table shows (the same digest filter), for a browser's network panel or a bug report. */}
        <a
          className="har-download"
          href={`${CONTROL_PREFIX}${JOURNAL_HAR_PATH}${journalSearch(wanted === "" ? {} : { digest: wanted })}`}
          download="journal.har"
        >
          Download as HAR
        </a>
      </div>
      <JournalTable entries={matching} caption={`Requests, newest first: ${summary(journal.entries, matching, wanted)}`} onDigest={onDigest} />
    </>
  );
}
