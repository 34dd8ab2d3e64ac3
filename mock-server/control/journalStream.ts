/**
 * The journal as server-sent events, for the control panel and any tool that watches requests live:
 * one `entry` event per new entry (its SSE id is the entry's id), a `clear` event when the journal is
 * emptied, and a comment line as a heartbeat. `?after=N`, or the `Last-Event-ID` an EventSource
 * sends when it reconnects, first replays the entries after id N still in the journal, so a client
 * misses nothing between connections; `?after=0` replays all of them.
 *
 * A client that stops reading must not make the server buffer the journal for it (five
 * stalled `?after=0` streams took the server from 237 to 900 MB in 3 s). Once a write fills the
 * response's buffer, the stream waits for `drain` and then carries on from the journal itself, after
 * the last entry it sent: what the journal dropped meanwhile is skipped, as on a reconnect.
 */
import type { Request, RequestHandler } from "express";
import { sendError } from "../http/httpError.ts";
import type { Journal, JournalChange, JournalEntry } from "../journal/journal.ts";
import { JOURNAL_EVENTS } from "./controlPaths.ts";

/**
 * A comment line this often: proxies commonly cut connections idle for 30–60 s, and a write is how
 * the server notices a client that vanished without closing its connection.
 */
export const HEARTBEAT_MS = 15_000;

/** How long an EventSource waits before it reconnects; the browsers' default is about 3 s. */
export const RETRY_MS = 1_000;

export interface JournalStreamOptions {
  readonly heartbeatMs?: number;
}

/** The id after which to replay: undefined for none, NaN when the client sent something else. */
function replayAfter(req: Request): number | undefined {
  const { after } = req.query;
  // `?after=1&after=2` (a list) is as unclear as `?after=abc`, not a request without one.
  if (after !== undefined && typeof after !== "string") return Number.NaN;
  const raw = req.get("last-event-id") ?? after;
  if (raw === undefined) return undefined;
  return /^\d{1,15}$/.test(raw) ? Number(raw) : Number.NaN;
}

function format(change: JournalChange): string {
  if (change.type === "clear") return `event: ${JOURNAL_EVENTS.clear}\ndata: {}\n\n`;
  // JSON.stringify escapes line breaks, so the entry is always one `data:` line.
  return `id: ${change.entry.id}\nevent: ${JOURNAL_EVENTS.entry}\ndata: ${JSON.stringify(change.entry)}\n\n`;
}

/** The journal's entries after id `after`, oldest first (ids grow, so a scan from the end stops early). */
function entriesAfter(journal: Journal, after: number): readonly JournalEntry[] {
  const { entries } = journal.list();
  let first = entries.length;
  while (first > 0 && (entries[first - 1]?.id ?? 0) > after) first--;
  return entries.slice(first);
}

export function journalStream(journal: Journal, { heartbeatMs = HEARTBEAT_MS }: JournalStreamOptions = {}): RequestHandler {
  return (req, res) => {
    const after = replayAfter(req);
    if (Number.isNaN(after)) {
      return sendError(
        res,
        "INVALID_STREAM_START",
        `Failed to open the journal stream: '${req.get("last-event-id") ?? req.query.after}' is not a journal entry id. Pass ?after=0 to replay every entry, or leave it out.`,
      );
    }
    res.status(200).set({ "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store", "x-accel-buffering": "no" });
    res.flushHeaders();
    // The newest entry the client has, or will have once the buffer drains.
    let sentId = after ?? entriesAfter(journal, 0).at(-1)?.id ?? 0;
    // Waiting for `drain`: changes meanwhile are not written; a clear is remembered, entries are in the journal.
    let waiting = false;
    let clearPending = false;
    const write = (text: string) => {
      if (res.writableEnded || res.destroyed) return;
      if (!res.write(text)) waiting = true;
    };
    /** Writes what the client lacks, from the journal, until the buffer is full or nothing is left. */
    const catchUp = () => {
      waiting = false;
      if (clearPending) {
        clearPending = false;
        write(format({ type: "clear" }));
      }
      for (const entry of entriesAfter(journal, sentId)) {
        if (waiting) return;
        sentId = entry.id;
        write(format({ type: "entry", entry }));
      }
    };
    const send = (change: JournalChange) => {
      if (change.type === "clear") {
        if (waiting) clearPending = true;
        else write(format(change));
        return;
      }
      if (waiting) return;
      sentId = change.entry.id;
      write(format(change));
    };
    write(`retry: ${RETRY_MS}\n\n`);
    // Subscribe before replaying: both happen in this tick, so no entry can fall between them.
    const unsubscribe = journal.subscribe(send);
    if (after !== undefined && !waiting) catchUp();
    res.on("drain", catchUp);
    const heartbeat = setInterval(() => {
      if (!waiting) write(": heartbeat\n\n");
    }, heartbeatMs);
    res.on("close", () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  };
}
