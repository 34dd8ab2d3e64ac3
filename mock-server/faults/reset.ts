/**
 * Reset: aborts the connection with a TCP RST (the socket closes with SO_LINGER 0), as a crashed
 * peer, a NAT that forgot the flow or a firewall does. The client reads `ECONNRESET`, not the clean
 * end of stream a drop (FIN) gives.
 */
import type { Request, Response } from "express";

export function resetConnection(req: Request, res: Response): void {
  res.locals.cut = "reset";
  req.socket.resetAndDestroy();
}
