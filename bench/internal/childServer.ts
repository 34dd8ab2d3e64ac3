/**
 * Baseline servers run in a child process, as the mock server does (specs/support/mockServerProcess.ts),
 * so no server shares a thread with the benchmark that measures it. The child announces its origin
 * over IPC and exits when its parent goes away.
 */
import { fork } from "node:child_process";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";

export interface ChildServer {
  readonly origin: string;
  readonly stop: () => Promise<void>;
}

/** Starts `moduleUrl` (a TypeScript file that calls `announce`) with `args` and resolves with its origin. */
export async function forkServer(moduleUrl: string, args: readonly string[] = []): Promise<ChildServer> {
  const child = fork(fileURLToPath(moduleUrl), [...args], { execArgv: ["--import", "tsx"], stdio: ["ignore", "ignore", "inherit", "ipc"] });
  const origin = await new Promise<string>((resolve, reject) => {
    child.once("message", (message: { origin: string }) => resolve(message.origin));
    child.once("exit", (code) => reject(new Error(`Failed to start ${moduleUrl}: it exited with code ${code} before listening.`)));
  });
  return {
    origin,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Listens on an ephemeral loopback port and tells the parent where. */
export function announce(server: Server): void {
  server.listen(0, "127.0.0.1", () => {
    process.send?.({ origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  });
  process.on("disconnect", () => process.exit(0));
}

/** True in the child: the module was started by `forkServer`, not imported. */
export function isMain(moduleUrl: string): boolean {
  return process.argv[1] === fileURLToPath(moduleUrl);
}
