/**
 * `pwa-conformance-kit serve [options]`: the mock server with the kit's built reference app, every
 * flag as `npm start` takes it (`--help` lists them). It runs in a process of its own, as from a
 * clone, so React's production build is chosen before React loads; this one passes signals on and
 * exits with its code.
 */

import { serverEntry } from "../mock-server/process/serverEntry.ts";
import { runForeground } from "./runForeground.ts";

export async function runServe(argv: readonly string[], callerDir: string): Promise<number> {
  const entry = serverEntry();
  // The caller's directory, so a relative --scenario is found where the person typed it.
  const { code, signal } = await runForeground(process.execPath, [...entry.execArgv, entry.script, ...argv], {
    cwd: callerDir,
    // IPC: the server stops by itself if this process is killed outright, as under `npm start`.
    stdio: ["inherit", "inherit", "inherit", "ipc"],
    env: { ...process.env, ...entry.env },
  });
  return code ?? (signal === "SIGINT" || signal === "SIGTERM" || signal === "SIGHUP" ? 0 : 1);
}
