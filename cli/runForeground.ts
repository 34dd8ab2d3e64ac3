/**
 * Runs a child process in the foreground of a CLI command: its output is the command's, Ctrl-C,
 * SIGTERM and SIGHUP go on to it, and the promise resolves with how it ended. (scripts/runCommand.mjs does this
 * for the repository's own scripts, which the installed package does not ship.)
 */
import { type SpawnOptions, spawn } from "node:child_process";
import { CAUGHT_SIGNALS } from "./catchSignals.ts";

export interface Ended {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export async function runForeground(command: string, args: readonly string[], options: SpawnOptions): Promise<Ended> {
  const child = spawn(command, [...args], { stdio: "inherit", ...options });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  for (const signal of CAUGHT_SIGNALS) process.on(signal, forward);
  try {
    return await new Promise<Ended>((resolve, reject) => {
      child.once("error", reject);
      child.once("exit", (code, signal) => resolve({ code, signal }));
    });
  } finally {
    for (const signal of CAUGHT_SIGNALS) process.off(signal, forward);
  }
}
