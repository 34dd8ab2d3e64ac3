/**
 * An HTTP/2 response is complete only with END_STREAM (RFC 9113 §8.1); a stream the upstream resets
 * before that was cut short. Node 20's http2 client ends such a stream's body cleanly when the reset
 * says NO_ERROR or CANCEL (nodejs/node#56627), and undici then reports the body as whole: a client
 * of the proxy got a cut page as complete, and `--record` saved it. Between undici and the upstream's
 * socket, this rewrites such a reset's code to INTERNAL_ERROR, which Node reports as the stream error
 * it is. A reset after END_STREAM (a server that will not read the rest of a request body) passes
 * as it came; one after every byte the answer declared is the proxy's to forgive (proxyToUpstream.ts).
 *
 * The cost is Node's JS stream wrapper under the h2 session instead of its native socket: see
 * upstreamDispatcher.ts for the measurement.
 */

import type { Socket } from "node:net";
import { Duplex } from "node:stream";
import { DATA, END_STREAM, HEADERS, Http2FrameScanner } from "./internal/http2FrameScanner.ts";

/** The client connection preface, "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" (RFC 9113 §3.4), before the client's first frame. */
const CLIENT_PREFACE_BYTES = 24;
const NO_ERROR = 0x0;
const INTERNAL_ERROR = 0x2;
const CANCEL = 0x8;

/** undici chooses HTTP/2 by the socket's `alpnProtocol`, and calls `ref`/`unref` on it as requests come and go. */
export type RevealingSocket = Duplex & { alpnProtocol: "h2"; ref: () => void; unref: () => void };

export function revealStreamResets(socket: Socket): RevealingSocket {
  /** Streams whose response began (HEADERS) and neither ended (END_STREAM) nor was reset. */
  const open = new Set<number>();
  const fromUpstream = new Http2FrameScanner();
  const toUpstream = new Http2FrameScanner(CLIENT_PREFACE_BYTES);
  const upstreamFrames = {
    head: (type: number, flags: number, streamId: number) => {
      if ((type === DATA || type === HEADERS) && (flags & END_STREAM) !== 0) open.delete(streamId);
      else if (type === HEADERS) open.add(streamId);
    },
    reset: (streamId: number, code: number) => (open.delete(streamId) && (code === NO_ERROR || code === CANCEL) ? INTERNAL_ERROR : code),
  };
  // The client's own resets (a request given up) close streams too, so `open` holds only live ones.
  const clientFrames = {
    head: () => {},
    reset: (streamId: number, code: number) => {
      open.delete(streamId);
      return code;
    },
  };
  const duplex = new Duplex({
    read: () => {
      socket.resume();
    },
    write: (chunk: Buffer, _encoding, done) => {
      toUpstream.scan(chunk, clientFrames);
      socket.write(chunk, done);
    },
    final: (done) => {
      socket.end(done);
    },
    destroy: (error, done) => {
      socket.destroy(error ?? undefined);
      done(error);
    },
  });
  socket.on("data", (chunk: Buffer) => {
    const passed = fromUpstream.scan(chunk, upstreamFrames);
    if (passed.length > 0 && !duplex.push(passed)) socket.pause();
  });
  socket.on("end", () => {
    const held = fromUpstream.flush();
    if (held.length > 0) duplex.push(held);
    duplex.push(null);
  });
  socket.on("error", (error) => duplex.destroy(error));
  socket.on("close", () => duplex.destroy());
  return Object.assign(duplex, {
    alpnProtocol: "h2" as const,
    ref: () => {
      socket.ref();
    },
    unref: () => {
      socket.unref();
    },
  });
}
