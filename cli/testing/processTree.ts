/**
 * Test helpers for `--start`: a shell command that starts a small process tree and writes its pids
 * to a file, and a per-pid check of whether any of it still runs.
 */
import { existsSync, readFileSync } from "node:fs";

/**
 * How long a tree gets to write its pids, counted from the kit's spawn: the shell and its two sleeps
 * start in milliseconds, but the kit first starts itself, and a cold tsx compile of it on a busy
 * 2-core machine (a fresh clone, the unit tests' other workers) took over 10 s.
 */
const PIDS_DEADLINE_MS = 25_000;
const PIDS_POLL_MS = 20;

/**
 * `sh -c '… sleep 300 & sleep 300'` as a `--start` command: an inner shell with two children, none
 * of which ever answers HTTP. The pids appear in `pidFile` at once, when all three are known.
 */
export function treeCommand(pidFile: string): string {
  return `sh -c 'echo $$ > "${pidFile}.tmp"; sleep 300 & echo $! >> "${pidFile}.tmp"; sleep 300 & echo $! >> "${pidFile}.tmp"; mv "${pidFile}.tmp" "${pidFile}"; wait'`;
}

/** The tree's pids, once it has written them; throws after a bounded wait. */
export async function treePids(pidFile: string): Promise<number[]> {
  const deadline = performance.now() + PIDS_DEADLINE_MS;
  while (!existsSync(pidFile)) {
    if (performance.now() > deadline) throw new Error(`Failed to see the process tree start: ${pidFile} was not written within ${PIDS_DEADLINE_MS} ms.`);
    await new Promise((resolve) => setTimeout(resolve, PIDS_POLL_MS));
  }
  return readFileSync(pidFile, "utf8").trim().split("\n").map(Number);
}

/** Whether the process runs; a zombie (exited, not yet reaped by its parent or PID 1) does not. */
export function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
    return state !== "Z" && state !== "X";
  } catch {
    if (existsSync("/proc/self/stat")) return false;
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === "EPERM";
    }
  }
}
