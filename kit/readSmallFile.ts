/**
 * Reads a small file a user names (a profile, a scenario) without trusting the name: it must be a
 * regular file — a device such as /dev/zero reports size 0 and never ends (3.8 GB read in 10 s),
 * and opening a FIFO waits for a writer that may never come — so the kind is checked before opening,
 * and at most one byte past `maxBytes` is ever read. Answers the text, or why it cannot be read.
 */
import { closeSync, openSync, readSync, statSync } from "node:fs";

export type SmallFile = { readonly text: string } | { readonly problem: "directory" | "not a regular file" | "too large" };

export function readSmallFile(file: string, maxBytes: number): SmallFile {
  const stats = statSync(file);
  if (stats.isDirectory()) return { problem: "directory" };
  if (!stats.isFile()) return { problem: "not a regular file" };
  const buffer = Buffer.alloc(maxBytes + 1);
  const fd = openSync(file, "r");
  let length = 0;
  try {
    while (length < buffer.length) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
  } finally {
    closeSync(fd);
  }
  if (length > maxBytes) return { problem: "too large" };
  return { text: buffer.toString("utf8", 0, length) };
}
