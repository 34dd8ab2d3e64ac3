/**
 * Stops a process group the kit started (`--start`'s shell and everything it ran, WebKitWebDriver and
 * its MiniBrowsers): SIGTERM, then SIGKILL to what is left after a grace period, and resolves once no
 * process of the group runs.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";

/** How long the group gets to exit after SIGTERM before SIGKILL: `next start` closes in under 1 s. */
export const STOP_GRACE_MS = 5_000;
/** After SIGKILL the kernel ends a process at once; this only bounds the wait for it to go. */
const KILL_WAIT_MS = 2_000;
/** How often the group is looked for while it stops: short against the grace period. */
const GONE_POLL_MS = 25;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Whether a process of the group still runs. An exited child of a shell that exited first belongs to
 * PID 1 until it reaps it, which a container's init may do late or never (2 s measured here); such a
 * zombie counts as gone, so on Linux the group's members are read from /proc.
 */
export function processGroupRuns(pgid: number): boolean {
  if (!existsSync("/proc/self/stat")) {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === "EPERM";
    }
  }
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // Gone since the listing.
    }
    // "pid (comm) state ppid pgrp …"; comm may hold spaces and parentheses, so split after the last ')'.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(pgrp) === pgid && state !== "Z" && state !== "X") return true;
  }
  return false;
}

/** Sends `signal` to every process of the group; one already gone is no error. */
export function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // Already gone.
  }
}

async function waitUntilGone(pgid: number, ms: number): Promise<boolean> {
  const deadline = performance.now() + ms;
  while (processGroupRuns(pgid)) {
    if (performance.now() >= deadline) return false;
    await delay(GONE_POLL_MS);
  }
  return true;
}

export async function stopProcessGroup(pgid: number, graceMs = STOP_GRACE_MS): Promise<void> {
  signalGroup(pgid, "SIGTERM");
  if (await waitUntilGone(pgid, graceMs)) return;
  signalGroup(pgid, "SIGKILL");
  await waitUntilGone(pgid, KILL_WAIT_MS);
}
