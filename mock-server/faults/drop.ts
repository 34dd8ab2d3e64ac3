/** Drop: destroys the connection without a response, as a reset or a dead proxy would. */
import type { Request, Response } from "express";

export function dropConnection(req: Request, res: Response): void {
  res.locals.dropped = true;
  req.socket.destroy();
}
