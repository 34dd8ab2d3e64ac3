/**
 * Writes a file the user named without following a symbolic link there: the bytes go to a new
 * temporary file beside it, created exclusively (O_EXCL refuses any existing name, a link
 * included), which is then renamed over the name. rename() replaces a link, never its target, and a
 * reader sees the old file or the whole new one, never half of it. Beside, not in the system's temp
 * folder, so the rename stays on one file system.
 */
import { randomBytes } from "node:crypto";
import { closeSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";

/** A new, empty, exclusively created file beside `file`, open for writing. */
export function openBeside(file: string): { readonly fd: number; readonly path: string } {
  const path = join(dirname(file), `.${basename(file)}.${process.pid}-${randomBytes(6).toString("hex")}.tmp`);
  return { fd: openSync(path, "wx"), path };
}

/** Writes all of `bytes` at `position` (writeSync may write part of a buffer). */
export function writeAll(fd: number, bytes: Buffer, position: number): void {
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done, position + done);
}

/** Replaces `file` with `data`, or throws having left `file` as it was and no temporary file behind. */
export function replaceFile(file: string, data: string | Buffer): void {
  const { fd, path } = openBeside(file);
  try {
    writeAll(fd, Buffer.from(data), 0);
    closeSync(fd);
    renameSync(path, file);
  } catch (error) {
    try {
      closeSync(fd);
    } catch {
      // Closed already.
    }
    rmSync(path, { force: true });
    throw error;
  }
}
