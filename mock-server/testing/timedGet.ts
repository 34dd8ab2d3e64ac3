/**
 * Test-only: a GET through node:http that notes when each piece of the body arrives (by arrival, on
 * the client's clock, so a test can see a body spread over time without sleeping) and how the body
 * ended: in full, or cut off before its Content-Length.
 */
import { request } from "node:http";

export interface TimedPiece {
  readonly bytes: number;
  /** ms after the request was sent. */
  readonly atMs: number;
}

export interface TimedResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  /** The Content-Length the headers announced; null when there was none. */
  readonly contentLength: number | null;
  readonly pieces: readonly TimedPiece[];
  readonly body: Buffer;
  /** `complete` when the body ended normally; `cut` when the connection closed before it did. */
  readonly ending: "complete" | "cut";
}

export function timedGet(origin: string, path: string, headers: Record<string, string> = {}): Promise<TimedResponse> {
  return new Promise((resolve, reject) => {
    const sent = performance.now();
    const req = request(`${origin}${path}`, { headers: { connection: "close", ...headers } }, (res) => {
      const pieces: TimedPiece[] = [];
      const chunks: Buffer[] = [];
      let settled = false;
      const finish = (ending: TimedResponse["ending"]) => {
        if (settled) return;
        settled = true;
        const length = res.headers["content-length"];
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          contentLength: length === undefined ? null : Number(length),
          pieces,
          body: Buffer.concat(chunks),
          ending,
        });
      };
      res.on("data", (chunk: Buffer) => {
        pieces.push({ bytes: chunk.length, atMs: performance.now() - sent });
        chunks.push(chunk);
      });
      res.on("end", () => finish(res.complete ? "complete" : "cut"));
      res.on("error", () => finish("cut"));
      res.on("close", () => finish(res.complete ? "complete" : "cut"));
    });
    req.on("error", reject);
    req.end();
  });
}
