/**
 * What `--record` puts in the proxy's path (proxyToUpstream.ts `onUpstreamResponse`): a stream that
 * gets a copy of an upstream answer's body as it passes, and hands the whole exchange to the
 * recorder when the body ends. An answer the upstream cut short destroys the tap and is not
 * recorded. A tap never fails the proxy: it reports no error, and the client's answer goes on.
 */
import { Writable } from "node:stream";
import type { Request } from "express";
import type { Logger } from "pino";
import type { UpstreamAnswer } from "../proxy/proxyToUpstream.ts";
import { type Exchange, MAX_RECORDED_BODY_BYTES } from "./recordedEntry.ts";
import { recordedUrl } from "./recordedUrl.ts";

/**
 * The most body bytes a recorder's taps hold together: 16 bodies at MAX_RECORDED_BODY_BYTES. Each
 * body is held until it ends (an entry is one write), and a client that opens many large answers
 * and reads them slowly must not make the server hold them all.
 */
export const MAX_HELD_BODY_BYTES = 64 * 1024 * 1024;

/** Where a recorder's taps deliver, and the count of bytes they hold, shared among them. */
export interface TapSink {
  readonly held: { bytes: number };
  readonly add: (exchange: Exchange) => void;
  /** An exchange that cannot be filed, and why. */
  readonly leaveOut: (why: string) => void;
  readonly logger: Logger;
}

export function recordingTap(req: Request, incoming: UpstreamAnswer, sink: TapSink): Writable {
  const started = new Date();
  const startedAt = performance.now();
  const chunks: Buffer[] = [];
  let size = 0;
  let kept = 0;
  let whyNoBody: string | undefined;
  const release = () => {
    sink.held.bytes -= kept;
    kept = 0;
    chunks.length = 0;
  };
  const url = recordedUrl(req);
  const head = {
    method: req.method,
    requestRawHeaders: [...req.rawHeaders],
    requestBody: req.res?.locals.requestBody?.complete ? req.res.locals.requestBody : null,
    status: incoming.statusCode,
    statusText: incoming.statusMessage,
    responseRawHeaders: [...incoming.rawHeaders],
  };
  const tap = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      size += chunk.length;
      if (whyNoBody === undefined && size > MAX_RECORDED_BODY_BYTES) whyNoBody = `larger than ${MAX_RECORDED_BODY_BYTES} bytes`;
      else if (whyNoBody === undefined && sink.held.bytes + chunk.length > MAX_HELD_BODY_BYTES)
        whyNoBody = `the recorder held ${MAX_HELD_BODY_BYTES} bytes of other answers under way`;
      if (whyNoBody === undefined) {
        chunks.push(chunk);
        kept += chunk.length;
        sink.held.bytes += chunk.length;
      } else release();
      done();
    },
    final: (done) => {
      const body = whyNoBody === undefined ? Buffer.concat(chunks) : null;
      release();
      if (url === null) sink.leaveOut(`its request target '${req.url}' is not a path`);
      else sink.add({ ...head, url, started, durationMs: Math.round(performance.now() - startedAt), body, bodySize: size, whyNoBody });
      done();
    },
    destroy: (error, done) => {
      release();
      done(error);
    },
  });
  tap.on("error", (error) => sink.logger.warn({ err: error }, "a recording tap failed"));
  return tap;
}
