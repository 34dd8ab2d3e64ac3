/**
 * Baseline servers run in a child process, as the mock server does, so no server shares a thread
 * with the benchmark that measures it. The handshake is the repository's one (mock-server/process/forkListening.ts).
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { announceListening, forkListening } from "../../mock-server/process/forkListening.ts";

/** A plain HTTP server in a child process starts in well under a second; generous for a busy machine. */
const START_TIMEOUT_MS = 30_000;

export interface ChildServer {
  readonly origin: string;
  readonly stop: () => Promise<void>;
}

/** Starts `moduleUrl` (a TypeScript file that calls `announce`) with `args` and resolves with its origin. */
export async function forkServer(moduleUrl: string, args: readonly string[] = []): Promise<ChildServer> {
  const { origin, stop } = await forkListening(fileURLToPath(moduleUrl), args, { name: `Baseline server ${moduleUrl}`, timeoutMs: START_TIMEOUT_MS });
  return { origin, stop };
}

/** Listens on an ephemeral loopback port and tells the parent where. */
export function announce(server: Server): void {
  server.listen(0, "127.0.0.1", () => announceListening(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  process.on("disconnect", () => process.exit(0));
}

/** True in the child: the module was started by `forkServer`, not imported. */
export function isMain(moduleUrl: string): boolean {
  return process.argv[1] === fileURLToPath(moduleUrl);
}
