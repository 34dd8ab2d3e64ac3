/**
 * Dribble: the response's body goes out in pieces over time (WireMock's chunked dribble delay,
 * Toxiproxy's bandwidth toxic): `chunks` pieces spread evenly over `overMs`, or at `bytesPerSecond`.
 * The status and headers go with the first piece. The body is held whole first, since the pieces
 * are cut from its length; if the client leaves, the rest is never sent.
 */
import type { Response } from "express";
import type { FaultAction } from "./faultActionSchema.ts";
import { bodyChunk, originalBodyMethods, type WriteArgs } from "./internal/bodyChunk.ts";

/**
 * How often a `bytesPerSecond` dribble sends: 20 pieces a second is smooth for anything a person
 * watches (a progress bar, a page painting in) and few enough timers for a long body.
 */
export const BANDWIDTH_TICK_MS = 50;

type Dribble = NonNullable<FaultAction["dribble"]>;

interface Piece {
  readonly bytes: Buffer;
  /** When to send it, in ms after the body was complete. */
  readonly atMs: number;
}

/** The body cut into pieces, each with the time it is due. */
export function dribblePieces(body: Buffer, dribble: Dribble): Piece[] {
  if (body.length === 0) return [{ bytes: body, atMs: 0 }];
  if (dribble.bytesPerSecond !== undefined) {
    // Each piece is sent once the bytes before it have "used" their time at this rate.
    const size = Math.max(1, Math.floor((dribble.bytesPerSecond * BANDWIDTH_TICK_MS) / 1_000));
    const pieces: Piece[] = [];
    for (let start = 0; start < body.length; start += size)
      pieces.push({ bytes: body.subarray(start, start + size), atMs: (start / dribble.bytesPerSecond) * 1_000 });
    return pieces;
  }
  const count = Math.min(dribble.chunks ?? 2, body.length);
  const overMs = dribble.overMs ?? 0;
  return Array.from({ length: count }, (_, i) => ({
    bytes: body.subarray(Math.floor((i * body.length) / count), Math.floor(((i + 1) * body.length) / count)),
    atMs: count === 1 ? overMs : (i * overMs) / (count - 1),
  }));
}

export function dribbleBody(res: Response, dribble: Dribble): void {
  const original = originalBodyMethods(res);
  const held: Buffer[] = [];
  res.write = ((...args: WriteArgs) => {
    const { bytes, callback } = bodyChunk(args);
    held.push(bytes);
    callback?.();
    return true;
  }) as Response["write"];
  res.end = ((...args: WriteArgs) => {
    held.push(bodyChunk(args).bytes);
    send(res, dribblePieces(Buffer.concat(held), dribble), original);
    return res;
  }) as Response["end"];
}

function send(res: Response, pieces: readonly Piece[], original: ReturnType<typeof originalBodyMethods>): void {
  const start = performance.now();
  let next = 0;
  let timer: NodeJS.Timeout | undefined;
  res.once("close", () => clearTimeout(timer));
  const tick = () => {
    // Timers fire up to 1 ms early (latency.ts), so a piece waits out the rest: never before its time.
    for (let piece = pieces[next]; piece && performance.now() - start >= piece.atMs; piece = pieces[next]) {
      next++;
      if (next === pieces.length) return original.end(piece.bytes);
      original.write(piece.bytes);
    }
    const due = pieces[next];
    if (due) timer = setTimeout(tick, Math.max(1, Math.ceil(due.atMs - (performance.now() - start))));
  };
  tick();
}
