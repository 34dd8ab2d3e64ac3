/**
 * Gives a server's `upgrade` event to proxy mode's WebSocket forwarding and keeps the joined sockets,
 * which Node's `closeAllConnections()` no longer counts as HTTP connections: without closing them a
 * stop would wait for the browser to close its hot-reload socket, which it never does.
 */
import type { Server } from "node:http";
import type { Socket } from "node:net";
import type { UpgradeHandler } from "./forwardUpgrades.ts";

/** Returns what closes every upgraded socket still open. */
export function serveUpgrades(server: Server, upgrade: UpgradeHandler | undefined): () => void {
  const open = new Set<Socket>();
  if (upgrade)
    server.on("upgrade", (req, socket: Socket, head: Buffer) => {
      open.add(socket);
      socket.on("close", () => open.delete(socket));
      upgrade(req, socket, head);
    });
  return () => {
    for (const socket of open) socket.destroy();
  };
}
