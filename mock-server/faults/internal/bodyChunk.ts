/**
 * The arguments of `res.write(chunk, encoding?, callback?)` and `res.end(chunk?, encoding?, callback?)`
 * as a Buffer and a callback, for the faults that hold or cut a response's body.
 */
import type { Response } from "express";

type Callback = (error?: Error | null) => void;

export type WriteArgs = [chunk?: unknown, encoding?: BufferEncoding | Callback, callback?: Callback];

export function bodyChunk([chunk, encoding, callback]: WriteArgs): { bytes: Buffer; callback: Callback | undefined } {
  const done = typeof encoding === "function" ? encoding : callback;
  if (chunk === undefined || chunk === null || typeof chunk === "function")
    return { bytes: Buffer.alloc(0), callback: typeof chunk === "function" ? (chunk as Callback) : done };
  const bytes = typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8") : Buffer.from(chunk as Uint8Array);
  return { bytes, callback: done };
}

/** The response's own write and end, before a fault replaces them. */
export function originalBodyMethods(res: Response): { write: (bytes: Buffer, callback?: Callback) => boolean; end: (bytes?: Buffer) => void } {
  const write = res.write.bind(res) as (bytes: Buffer, callback?: Callback) => boolean;
  const end = res.end.bind(res) as (bytes?: Buffer) => void;
  return { write, end };
}
