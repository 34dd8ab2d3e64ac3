import type { JournalEntry } from "../journal/journal.ts";

/** Rows rendered at most; more would make the page slow to update while requests stream in. */
export const SHOWN_ROWS = 500;

const CLOCK = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit", fractionalSecondDigits: 3, hour12: false });

function statusClass(status: number | null): string {
  if (status === null) return "status-none";
  return status >= 500 ? "status-5xx" : status >= 400 ? "status-4xx" : "status-ok";
}

/** Journal entries, newest first. A digest is a button that narrows the journal to that digest (ERR-4). */
export function JournalTable({ entries, caption, onDigest }: { entries: readonly JournalEntry[]; caption: string; onDigest: (digest: string) => void }) {
  const shown = entries.slice(-SHOWN_ROWS).reverse();
  return (
    // Its own scroll container: on a narrow window the table scrolls sideways, never the page.
    <div className="table-scroll">
      <table className="journal">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Method</th>
            <th scope="col">URL</th>
            <th scope="col">Status</th>
            <th scope="col">ms</th>
            <th scope="col">Kind</th>
            <th scope="col">Fault</th>
            <th scope="col">Outcome</th>
            <th scope="col">Digest</th>
          </tr>
        </thead>
        <tbody>
          {shown.length === 0 ? (
            <tr>
              <td colSpan={9} className="empty">
                No requests.
              </td>
            </tr>
          ) : (
            shown.map((entry) => (
              <tr key={entry.id}>
                <td>
                  <time dateTime={entry.time}>{CLOCK.format(new Date(entry.time))}</time>
                </td>
                <td>{entry.method}</td>
                <td className="url">
                  <code>{entry.url}</code>
                </td>
                <td className={statusClass(entry.status)}>{entry.status ?? "none"}</td>
                <td className="number">{entry.durationMs}</td>
                <td>{entry.kind}</td>
                <td>
                  {entry.fault ?? ""}
                  {/* A probability fault that matched and let the request through untouched. */}
                  {entry.faultApplied === false && <span className="spared"> (spared)</span>}
                  {/* Matching it against the faults would have cost more than a request may: it went on unmatched. */}
                  {entry.tooCostlyToMatch && <span className="spared">not matched: too costly</span>}
                </td>
                <td>{entry.outcome}</td>
                <td>
                  {entry.digest !== null && (
                    <button
                      type="button"
                      className="digest"
                      onClick={() => entry.digest !== null && onDigest(entry.digest)}
                      aria-label={`Show only requests with digest ${entry.digest}`}
                    >
                      {entry.digest}
                    </button>
                  )}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
