/** Latency: holds the request for `ms`, then lets it go on. Resolves false if the client left meanwhile. */
import type { Request } from "express";

export function addLatency(req: Request, ms: number): Promise<boolean> {
  if (ms === 0) return Promise.resolve(true);
  const until = performance.now() + ms;
  return new Promise((resolve) => {
    let timer: NodeJS.Timeout;
    const gone = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const wake = () => {
      // Node's timers count on libuv's whole-millisecond clock and fire up to 1 ms early (64 of 2,000
      // 1–3 ms delays here), so wait out the rest: the journal must never show less than `ms`.
      const left = until - performance.now();
      if (left > 0) {
        timer = setTimeout(wake, Math.ceil(left));
        return;
      }
      req.off("close", gone);
      resolve(!req.socket.destroyed);
    };
    timer = setTimeout(wake, ms);
    req.once("close", gone);
  });
}
