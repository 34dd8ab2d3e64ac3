/**
 * Truncate: the response goes out with its status and headers (a Content-Length for the whole body)
 * but only the first `bytes` bytes of its body, then the connection closes (Toxiproxy's limit_data).
 * The client sees a body shorter than announced. A body of `bytes` or fewer is sent whole.
 */
import type { Response } from "express";
import { bodyChunk, originalBodyMethods, type WriteArgs } from "./internal/bodyChunk.ts";

export function truncateBody(res: Response, bytes: number): void {
  const original = originalBodyMethods(res);
  let left = bytes;
  let cut = false;
  /** Sends what fits; returns false once the body went past `bytes` and the connection is closing. */
  const pass = (chunk: Buffer): boolean => {
    if (chunk.length <= left) {
      left -= chunk.length;
      return true;
    }
    cut = true;
    res.locals.cut = "truncated";
    // Close once the kept bytes are out: destroy() alone would discard what is still buffered.
    original.write(chunk.subarray(0, left), () => res.socket?.destroySoon());
    return false;
  };
  res.write = ((...args: WriteArgs) => {
    const { bytes: chunk, callback } = bodyChunk(args);
    if (cut) return false;
    if (pass(chunk)) return original.write(chunk, callback);
    return false;
  }) as Response["write"];
  res.end = ((...args: WriteArgs) => {
    const { bytes: chunk } = bodyChunk(args);
    if (!cut && pass(chunk)) original.end(chunk);
    return res;
  }) as Response["end"];
}
