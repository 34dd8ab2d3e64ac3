/**
 * How the proxy reaches the upstream: undici, Node's own HTTP client library (the engine of its
 * `fetch`), because one dispatcher speaks HTTP/1.1 with keep-alive, HTTP/2 over TLS (chosen by ALPN,
 * as a browser does with a dev server that has `server.https`) and HTTP/2 without TLS (h2c, prior
 * knowledge, which no browser speaks but some gateways do). node:http reaches none of the HTTP/2 ones.
 */
import type { Socket } from "node:net";
import { Agent, buildConnector, type Dispatcher, H2CClient } from "undici";
import { revealStreamResets } from "./revealStreamResets.ts";
import type { Upstream } from "./upstreamUrl.ts";

export interface UpstreamConnection {
  /** Speak HTTP/2 without TLS to an `http://` upstream (h2c with prior knowledge), instead of HTTP/1.1. */
  readonly http2?: boolean;
  /** Accept any certificate from an `https://` upstream: a dev server's self-signed one. */
  readonly insecure?: boolean;
}

/**
 * undici's own connector, with every HTTP/2 connection (h2c, or h2 by ALPN) passed through
 * revealStreamResets.ts so that a stream cut short is not read as whole. That puts Node's JS stream
 * wrapper under the session: a 64 MB body from an h2c upstream through the proxy took a median of
 * 268–317 ms against 241–279 ms unwrapped (three runs of 7 on a 2-core machine), a cost worth a
 * true body for a dev server's answers.
 */
function connector(timeoutMs: number, h2c: boolean, insecure: boolean): buildConnector.connector {
  const connect = buildConnector({ timeout: timeoutMs, allowH2: !h2c, ...(insecure ? { rejectUnauthorized: false } : {}) });
  return (options, callback) =>
    connect(options, (error, socket) => {
      if (error) return callback(error, null);
      // undici reads only what revealStreamResets.ts's socket has (alpnProtocol, events, destroy, ref, unref).
      const http2 = h2c || (socket as Socket & { alpnProtocol?: string | false }).alpnProtocol === "h2";
      callback(null, http2 ? (revealStreamResets(socket) as unknown as Socket) : socket);
    });
}

export function upstreamDispatcher(upstream: Upstream, { http2 = false, insecure = false }: UpstreamConnection, timeoutMs: number): Dispatcher {
  // The upstream timeout is for silence; undici's own defaults (10 s to connect, 300 s for headers
  // and between body chunks) would answer before or long after it. Set per request too.
  const timeouts = { headersTimeout: timeoutMs, bodyTimeout: timeoutMs };
  if (http2 && !upstream.tls) return new H2CClient(upstream.origin, { ...timeouts, connect: connector(timeoutMs, true, false) });
  return new Agent({
    ...timeouts,
    // HTTP/2 when the upstream's TLS handshake offers it (ALPN), HTTP/1.1 otherwise; h1 for http://.
    allowH2: upstream.tls,
    connect: connector(timeoutMs, false, insecure),
  });
}
