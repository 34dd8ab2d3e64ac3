/**
 * Forks a Node server script and resolves once it reports `{ type: "listening", origin }` over IPC,
 * the handshake every server of this repository (the mock server, the fixture apps) sends. The child
 * sees `disconnect` and stops when this process goes away.
 */
import { type ChildProcess, fork } from "node:child_process";

export interface Listening {
  readonly child: ChildProcess;
  readonly origin: string;
  /** Stops the server and resolves once it has exited. */
  readonly stop: () => Promise<void>;
}

export function forkListening(script: string, args: readonly string[], options: { name: string; timeoutMs: number; execArgv?: string[] }): Promise<Listening> {
  const child = fork(script, [...args], { execArgv: options.execArgv ?? ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${options.name} did not start within ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    child.on("message", (message: { type?: string; origin?: string }) => {
      if (message.type === "listening" && message.origin) {
        clearTimeout(timer);
        resolve({ child, origin: message.origin, stop });
      }
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${options.name} exited with ${signal ?? `code ${code}`} before listening`));
    });
  });
}
