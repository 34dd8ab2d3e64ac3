/** Latency: holds the request for `ms`, then lets it go on. Resolves false if the client left meanwhile. */
import type { Request } from "express";

export function addLatency(req: Request, ms: number): Promise<boolean> {
  if (ms === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      req.off("close", gone);
      resolve(!req.socket.destroyed);
    }, ms);
    const gone = () => {
      clearTimeout(timer);
      resolve(false);
    };
    req.once("close", gone);
  });
}
