/**
 * A dribble streams: it holds a bounded part of the body and makes its writer wait for the rest,
 * however slow its rate (an unauthenticated `?__bps=1` once held the whole body, cut into one object
 * per byte).
 */
import { EventEmitter } from "node:events";
import type { Response } from "express";
import { expect, test } from "vitest";
import { DRIBBLE_HELD_BYTES, dribbleBody } from "./dribble.ts";

/** The few members of a response a dribble uses; writes go to `sent` and are never acknowledged (a client that stopped reading). */
function stalledResponse() {
  const emitter = new EventEmitter();
  const sent: Buffer[] = [];
  const res = Object.assign(emitter, {
    write: (chunk: Buffer) => {
      sent.push(chunk);
      return true;
    },
    end: (chunk?: Buffer) => {
      if (chunk) sent.push(chunk);
    },
    getHeader: () => undefined,
  });
  return { res: res as unknown as Response, sent };
}

/** One chunk of a file stream: what a writer hands over at once. */
const CHUNK = Buffer.alloc(64 * 1024, 0x61);
/** Where a test stops feeding a dribble that never says "wait": 16 MB, the bug, without exhausting the machine. */
const GIVE_UP_BYTES = 16 * 1024 * 1024;

test("a slow dribble holds at most DRIBBLE_HELD_BYTES and one chunk of a long body before its writer must wait", () => {
  const { res, sent } = stalledResponse();
  dribbleBody(res, { bytesPerSecond: 1 });
  let accepted = 0;
  while (accepted < GIVE_UP_BYTES) {
    accepted += CHUNK.length;
    if (!res.write(CHUNK)) break;
  }
  expect(accepted).toBeLessThanOrEqual(DRIBBLE_HELD_BYTES + CHUNK.length);
  // 1 B/s sends the first byte at once (with the headers), then waits for it to be out.
  expect(sent.map((piece) => piece.length)).toEqual([1]);
  res.emit("close");
});

test("a dribble whose writer waits is told to go on ('drain') once what it holds has gone out", async () => {
  const emitter = new EventEmitter();
  const res = Object.assign(emitter, {
    write: (_chunk: Buffer, callback?: () => void) => {
      queueMicrotask(() => callback?.());
      return true;
    },
    end: () => {},
    getHeader: () => undefined,
  }) as unknown as Response;
  dribbleBody(res, { chunks: 2, overMs: 1 });
  let accepted = 0;
  while (accepted < GIVE_UP_BYTES && res.write(CHUNK)) accepted += CHUNK.length;
  expect(accepted).toBeLessThan(DRIBBLE_HELD_BYTES + CHUNK.length);
  const drained = new Promise<void>((resolve) => res.once("drain", () => resolve()));
  await drained;
  res.emit("close");
});
