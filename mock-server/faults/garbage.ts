/**
 * Garbage: writes bytes that are not HTTP in place of a response, then closes (WireMock's
 * RANDOM_DATA_THEN_CLOSE). The bytes come from the fault's seeded generator, so a seed replays them.
 */
import type { Request, Response } from "express";
import type { Random } from "./seededRandom.ts";

/** More than a status line and a header, so a parser fails on them; well within one packet. */
export const GARBAGE_BYTES = 256;

export function garbageBytes(random: Random): Buffer {
  return Buffer.from(Array.from({ length: GARBAGE_BYTES }, () => Math.floor(random() * 256)));
}

export function sendGarbage(req: Request, res: Response, random: Random): void {
  res.locals.cut = "garbage";
  req.socket.write(garbageBytes(random));
  // After the bytes are out, not before: destroy() would discard what is still buffered.
  req.socket.destroySoon();
}
