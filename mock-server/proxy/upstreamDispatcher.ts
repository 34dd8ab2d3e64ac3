/**
 * How the proxy reaches the upstream: undici, Node's own HTTP client library (the engine of its
 * `fetch`), because one dispatcher speaks HTTP/1.1 with keep-alive, HTTP/2 over TLS (chosen by ALPN,
 * as a browser does with a dev server that has `server.https`) and HTTP/2 without TLS (h2c, prior
 * knowledge, which no browser speaks but some gateways do). node:http reaches none of the HTTP/2 ones.
 */
import { Agent, type Dispatcher, H2CClient } from "undici";
import type { Upstream } from "./upstreamUrl.ts";

export interface UpstreamConnection {
  /** Speak HTTP/2 without TLS to an `http://` upstream (h2c with prior knowledge), instead of HTTP/1.1. */
  readonly http2?: boolean;
  /** Accept any certificate from an `https://` upstream: a dev server's self-signed one. */
  readonly insecure?: boolean;
}

export function upstreamDispatcher(upstream: Upstream, { http2 = false, insecure = false }: UpstreamConnection, timeoutMs: number): Dispatcher {
  // The upstream timeout is for silence; undici's own defaults (10 s to connect, 300 s for headers
  // and between body chunks) would answer before or long after it. Set per request too.
  const timeouts = { headersTimeout: timeoutMs, bodyTimeout: timeoutMs, connect: { timeout: timeoutMs } };
  if (http2 && !upstream.tls) return new H2CClient(upstream.origin, timeouts);
  return new Agent({
    ...timeouts,
    // HTTP/2 when the upstream's TLS handshake offers it (ALPN), HTTP/1.1 otherwise; h1 for http://.
    allowH2: upstream.tls,
    connect: { timeout: timeoutMs, ...(insecure ? { rejectUnauthorized: false } : {}) },
  });
}
