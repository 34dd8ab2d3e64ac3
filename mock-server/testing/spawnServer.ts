/**
 * Runs the mock server's real entry, `node mock-server/process/serve.mjs`, as a person would, and reads
 * what it prints. The child is killed when the test finishes if it is still running.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { onTestFinished } from "vitest";
import { ENV } from "../../kit/env.mjs";

const SERVE = fileURLToPath(new URL("../process/serve.mjs", import.meta.url));

/**
 * A cold start loads tsx, Express and pino (about 1 s on a busy 2-core machine, see
 * specs/harness/mockServerProcess.ts); tests that spawn the entry get this long.
 */
export const SPAWN_TEST_TIMEOUT_MS = 30_000;

export interface SpawnedServer {
  readonly child: ChildProcess;
  readonly stdout: () => string;
  readonly stderr: () => string;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  readonly exited: Promise<number | string>;
  /** Resolves with `http://host:port` once the server printed its URL; rejects if it exits first. */
  readonly listening: Promise<string>;
}

export function spawnServer(args: readonly string[], env: Record<string, string | undefined> = {}): SpawnedServer {
  const child = spawn(process.execPath, [SERVE, ...args], {
    env: { ...process.env, [ENV.controlToken]: undefined, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | string>((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown")));
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      const origin = /: (http:\/\/[^/\s]+)\//.exec(stdout)?.[1];
      if (origin) resolve(origin);
    });
    exited.then((code) => reject(new Error(`The server exited (${code}) before listening.\n${stderr}`)));
  });
  listening.catch(() => {});
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  return { child, stdout: () => stdout, stderr: () => stderr, exited, listening };
}
