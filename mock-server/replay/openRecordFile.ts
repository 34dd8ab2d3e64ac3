/**
 * The file `--record` writes, opened without trusting its name. A symbolic link is refused (the
 * recorder writes through none), and so is anything but a regular file: opening a FIFO for writing
 * waited for a reader forever, and a device or a directory holds no HAR. An existing file is replaced
 * only when it is empty or a HAR this kit recorded, or with --force: the recorder used to empty
 * whatever it was named. The new HAR's first bytes go to a temporary file beside it, renamed over it
 * (kit/replaceFile.ts), so a start that fails leaves the old file whole; the recorder writes on through
 * the same descriptor.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, renameSync, rmSync } from "node:fs";
import { openBeside, writeAll } from "../../kit/replaceFile.ts";

export class RecordFileError extends Error {}

/** How much of an existing file is read to tell a recording of the kit's by its start. */
const HEAD_BYTES = 512;

const ERRNO_WHY: Readonly<Record<string, string>> = {
  ENOENT: "its folder does not exist",
  ENOTDIR: "a part of its path is not a folder",
  EACCES: "this user may not write there",
  EPERM: "this user may not write there",
  EROFS: "its file system is read-only",
  ENOSPC: "the disk is full",
  EISDIR: "it is a directory",
};

const REFUSED = {
  symlink: "it is a symbolic link, and the recorder writes through none. Name the file itself, or a new file",
  directory: "it is a directory. Give the path of a file to write",
  special: "it is not a regular file (a device, pipe or socket). Give the path of a file to write",
  notOurs: "it exists and is not a HAR this kit recorded. Name a new file, or pass --force to replace it",
} as const;

function refuse(file: string, why: string): never {
  throw new RecordFileError(`Failed to record to '${file}': ${why}.`);
}

function refuseErrno(file: string, error: unknown): never {
  const { code, message } = error as NodeJS.ErrnoException;
  refuse(file, `${(code && ERRNO_WHY[code]) ?? message}. Give the path of a file to write, in a folder that exists`);
}

/** Whether the regular file at `file` may be replaced without --force: empty, or starting with `ownStart`. */
function isReplaceable(file: string, ownStart: string): boolean {
  // O_NOFOLLOW and O_NONBLOCK: what was a regular file a moment ago may have become a link or a FIFO.
  const fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return false;
    if (stats.size === 0) return true;
    const head = Buffer.alloc(HEAD_BYTES);
    const read = readSync(fd, head, 0, HEAD_BYTES, 0);
    return head.toString("utf8", 0, read).startsWith(ownStart);
  } finally {
    closeSync(fd);
  }
}

/**
 * Puts `head` in `file` as above and answers a descriptor open for writing on it, or throws a
 * RecordFileError having changed nothing. `ownStart` is how a recording of this kit begins.
 */
export function openRecordFile(file: string, head: string, ownStart: string, force: boolean): number {
  let stats: ReturnType<typeof lstatSync> | undefined;
  try {
    stats = lstatSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") refuseErrno(file, error);
  }
  if (stats?.isSymbolicLink()) refuse(file, REFUSED.symlink);
  if (stats?.isDirectory()) refuse(file, REFUSED.directory);
  if (stats !== undefined && !stats.isFile()) refuse(file, REFUSED.special);
  if (stats !== undefined && !force) {
    let replaceable: boolean;
    try {
      replaceable = isReplaceable(file, ownStart);
    } catch (error) {
      refuseErrno(file, error);
    }
    if (!replaceable) refuse(file, REFUSED.notOurs);
  }
  let beside: ReturnType<typeof openBeside>;
  try {
    beside = openBeside(file);
  } catch (error) {
    refuseErrno(file, error);
  }
  try {
    writeAll(beside.fd, Buffer.from(head), 0);
    renameSync(beside.path, file);
  } catch (error) {
    closeSync(beside.fd);
    rmSync(beside.path, { force: true });
    refuseErrno(file, error);
  }
  return beside.fd;
}
