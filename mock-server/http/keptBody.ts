/**
 * The start of a request's body, read before faults are matched (a fault may match the body; the
 * journal keeps it), without taking it from whoever handles the request next: a body that fits in
 * the cap is kept whole and the proxy sends those bytes on; a longer one is put back into the
 * request (`unshift`) as it was, and the proxy streams all of it. Memory per request stays bounded.
 */
import type { Request } from "express";

/** The most of a body kept per request: what body matching sees (16 kB holds an outbox's JSON item many times over). */
export const MAX_KEPT_BODY_BYTES = 16 * 1024;

export interface KeptBody {
  /** The body's first bytes: all of it when `complete`, else the first MAX_KEPT_BODY_BYTES. */
  readonly bytes: Buffer;
  /** True when `bytes` is the whole body (it ended within the cap). */
  readonly complete: boolean;
  /** As the request declared it, for the journal. */
  readonly contentType: string | null;
}

/** Whether the request says it carries a body (RFC 9112 §6.3: Content-Length or Transfer-Encoding). */
export function hasBody(req: Request): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/**
 * Reads up to `cap` bytes of the request's body. Resolves once the body ended (complete) or passed the
 * cap (its bytes read so far are put back into the request for the next reader); a request cut off
 * half-way resolves with what came, incomplete.
 */
export function keepRequestBody(req: Request, cap = MAX_KEPT_BODY_BYTES): Promise<KeptBody> {
  const contentType = req.get("content-type") ?? null;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (complete: boolean) => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onCut);
      req.off("close", onCut);
      const all = Buffer.concat(chunks);
      if (!complete) {
        req.pause();
        if (!req.readableEnded && !req.destroyed && all.length > 0) req.unshift(all);
      }
      resolve({ bytes: complete ? all : all.subarray(0, cap), complete, contentType });
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > cap) finish(false);
    };
    const onEnd = () => finish(true);
    const onCut = () => finish(false);
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onCut);
    req.on("close", onCut);
  });
}
