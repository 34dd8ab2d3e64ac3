/**
 * Dribble: the response's body goes out in pieces over time (WireMock's chunked dribble delay,
 * Toxiproxy's bandwidth toxic): `chunks` pieces spread evenly over `overMs`, or at `bytesPerSecond`.
 * The status and headers go with the first piece; if the client leaves, the rest is never sent.
 *
 * The body streams through. The server holds at most DRIBBLE_HELD_BYTES of it, beyond the chunk a
 * writer hands over at once, and past that `write()` returns false until the pieces sent make room
 * (then 'drain', as any stream): a static file, a page or a proxied body waits for the client's pace.
 * Holding the whole body and cutting it into one object per piece cost 34–46 MB a request for
 * `?__bps=1` on a 226 kB script, and an endless upstream body grew without end. Pieces are cut from
 * the Content-Length when the response has one, as before; without one (a streamed upstream body, an
 * event stream) each of the `chunks` pieces is what has arrived by its time, and what comes after
 * the last piece passes as it comes.
 */
import type { Response } from "express";
import type { FaultAction } from "./faultActionSchema.ts";
import { bodyChunk, originalBodyMethods, type WriteArgs } from "./internal/bodyChunk.ts";

/**
 * How often a `bytesPerSecond` dribble sends: 20 pieces a second is smooth for anything a person
 * watches (a progress bar, a page painting in) and few enough timers for a long body.
 */
export const BANDWIDTH_TICK_MS = 50;

/**
 * What a dribble holds of a body before the writer must wait: 64 KiB, one chunk of Node's file
 * streams (what `sendFile` hands over at once), so a static file is read one chunk ahead of the client.
 */
export const DRIBBLE_HELD_BYTES = 64 * 1024;

type Dribble = NonNullable<FaultAction["dribble"]>;

/** When each piece is due and how much of the body may be out once it is; computed, never listed. */
export interface DribbleSchedule {
  /** Pieces in all; Infinity at a rate, where the body's end is the last. */
  readonly count: number;
  /** When piece `index` is due, in ms after the first piece. */
  readonly atMs: (index: number) => number;
  /** The last piece due `elapsedMs` after the first (-1 when none is yet). */
  readonly dueBy: (elapsedMs: number) => number;
  /** How many bytes may be out once piece `index` is; null for all that has arrived by then. */
  readonly endOf: (index: number) => number | null;
}

/** The schedule for a body of `length` bytes, or of a length not known in advance (null). */
export function dribbleSchedule(dribble: Dribble, length: number | null): DribbleSchedule {
  if (dribble.bytesPerSecond !== undefined) {
    // Each piece is sent once the bytes before it have "used" their time at this rate.
    const rate = dribble.bytesPerSecond;
    const size = Math.max(1, Math.floor((rate * BANDWIDTH_TICK_MS) / 1_000));
    return {
      count: Number.POSITIVE_INFINITY,
      atMs: (index) => ((index * size) / rate) * 1_000,
      dueBy: (elapsedMs) => Math.floor((elapsedMs * rate) / (size * 1_000)),
      endOf: (index) => (index + 1) * size,
    };
  }
  const chunks = dribble.chunks ?? 2;
  const overMs = dribble.overMs ?? 0;
  if (length === 0) return { count: 1, atMs: () => 0, dueBy: () => 0, endOf: () => 0 };
  const count = length === null ? chunks : Math.min(chunks, length);
  if (count === 1) return { count, atMs: () => overMs, dueBy: (elapsedMs) => (elapsedMs >= overMs ? 0 : -1), endOf: () => length };
  return {
    count,
    atMs: (index) => (index * overMs) / (count - 1),
    dueBy: (elapsedMs) => Math.min(count - 1, Math.floor((elapsedMs * (count - 1)) / overMs)),
    endOf: (index) => (length === null ? null : Math.floor(((index + 1) * length) / count)),
  };
}

/** The Content-Length the response announces, or null. */
function announcedLength(res: Response): number | null {
  const header = res.getHeader("content-length");
  const text = Array.isArray(header) ? header[0] : header;
  return text !== undefined && /^\d+$/.test(String(text)) ? Number(text) : null;
}

/** `onClose` runs when the response closes, sent or not: one listener, where a response in proxy mode already has ten. */
export function dribbleBody(res: Response, dribble: Dribble, onClose?: () => void): void {
  const original = originalBodyMethods(res);
  const held: Buffer[] = [];
  let heldBytes = 0;
  let ended = false;
  let finished = false;
  /** Whether a write was told to wait, and so is owed a 'drain'. */
  let owesDrain = false;
  let pacing: { readonly schedule: DribbleSchedule; readonly start: number } | undefined;
  let reached = -1;
  let limit = 0;
  let sent = 0;
  let writing = false;
  let timer: NodeJS.Timeout | undefined;
  res.once("close", () => {
    finished = true;
    clearTimeout(timer);
    held.length = 0;
    onClose?.();
  });

  /** Up to `bytes` of what is held, oldest first; a slice of one chunk is not copied. */
  const take = (bytes: number): Buffer => {
    const parts: Buffer[] = [];
    let left = bytes;
    while (left > 0 && held.length > 0) {
      const first = held[0] as Buffer;
      const part = first.length <= left ? (held.shift() as Buffer) : first.subarray(0, left);
      if (part !== first) held[0] = first.subarray(left);
      parts.push(part);
      left -= part.length;
    }
    const piece = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
    heldBytes -= piece.length;
    if (owesDrain && heldBytes < DRIBBLE_HELD_BYTES) {
      owesDrain = false;
      res.emit("drain");
    }
    return piece;
  };

  const pace = () => {
    if (finished || writing) return;
    if (!pacing) pacing = { schedule: dribbleSchedule(dribble, announcedLength(res) ?? (ended ? heldBytes : null)), start: performance.now() };
    const { schedule, start } = pacing;
    clearTimeout(timer);
    const due = schedule.dueBy(performance.now() - start);
    if (due > reached) {
      reached = due;
      // After the last piece, the rest of a body longer than announced (or of unknown length) passes as it comes.
      limit = due >= schedule.count - 1 ? Number.POSITIVE_INFINITY : (schedule.endOf(due) ?? sent + heldBytes);
    }
    const piece = take(Math.min(heldBytes, limit - sent));
    sent += piece.length;
    if (ended && heldBytes === 0) {
      finished = true;
      original.end(piece);
      return;
    }
    if (piece.length > 0) {
      // The next piece waits until this one is out: a client that reads slowly holds no more than one.
      writing = true;
      original.write(piece, () => {
        writing = false;
        pace();
      });
      return;
    }
    if (reached + 1 < schedule.count) {
      // Timers fire up to 1 ms early (latency.ts), so a piece that wakes early waits out the rest.
      const waitMs = schedule.atMs(reached + 1) - (performance.now() - start);
      timer = setTimeout(pace, Math.max(1, Math.ceil(waitMs)));
    }
  };

  res.write = ((...args: WriteArgs) => {
    const { bytes, callback } = bodyChunk(args);
    if (ended || finished) return false;
    if (bytes.length > 0) held.push(bytes);
    heldBytes += bytes.length;
    callback?.();
    pace();
    if (heldBytes < DRIBBLE_HELD_BYTES) return true;
    owesDrain = true;
    return false;
  }) as Response["write"];
  res.end = ((...args: WriteArgs) => {
    if (ended || finished) return res;
    const { bytes } = bodyChunk(args);
    if (bytes.length > 0) held.push(bytes);
    heldBytes += bytes.length;
    ended = true;
    pace();
    return res;
  }) as Response["end"];
}
