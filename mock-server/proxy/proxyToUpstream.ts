/**
 * Proxy mode: every request the control API and the faults leave alone goes to the upstream app as
 * it came (method, path and query, headers but the hop-by-hop ones, Host included, so the app's
 * absolute links and redirects keep pointing here), body streamed; the answer streams back as it
 * comes, with backpressure (a slow client slows the upstream; nothing is buffered whole). Nothing is
 * followed, rewritten or cached. An unreachable upstream is a 502 saying so. The connection to the
 * upstream is undici's (upstreamDispatcher.ts): HTTP/1.1, or HTTP/2 where the upstream offers it.
 * Each server adds itself to `Via` (proxyHop.ts), so a request that comes back to it is a 508.
 */
import type { IncomingMessage } from "node:http";
import { PassThrough, type Writable } from "node:stream";
import type { TLSSocket } from "node:tls";
import type { Request, RequestHandler } from "express";
import type { Logger } from "pino";
import type { Dispatcher } from "undici";
import { sendError } from "../http/httpError.ts";
import { withoutHopByHop } from "./hopByHop.ts";
import { type ProxyHop, proxyHop } from "./proxyHop.ts";
import { type UpstreamConnection, upstreamDispatcher } from "./upstreamDispatcher.ts";
import type { Upstream } from "./upstreamUrl.ts";

const UNTRUSTED =
  "its TLS certificate is not trusted here. For a dev server's own certificate pass --upstream-insecure, or give Node its CA with NODE_EXTRA_CA_CERTS=ca.pem";

const WHY: Readonly<Record<string, string>> = {
  ECONNREFUSED: "nothing listens there (ECONNREFUSED)",
  ENOTFOUND: "its host name does not resolve (ENOTFOUND)",
  EAI_AGAIN: "its host name does not resolve (EAI_AGAIN)",
  ECONNRESET: "it closed the connection without an answer (ECONNRESET)",
  UND_ERR_SOCKET: "it closed the connection without an answer",
  EHOSTUNREACH: "its host cannot be reached (EHOSTUNREACH)",
  ETIMEDOUT: "the connection timed out (ETIMEDOUT)",
  EPROTO: "it does not speak TLS there (EPROTO): use http://",
  ERR_SSL_WRONG_VERSION_NUMBER: "it does not speak TLS there: use http://",
  ERR_HTTP2_ERROR: "it does not speak HTTP/2 there: leave out --upstream-http2",
  DEPTH_ZERO_SELF_SIGNED_CERT: UNTRUSTED,
  SELF_SIGNED_CERT_IN_CHAIN: UNTRUSTED,
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: UNTRUSTED,
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: UNTRUSTED,
  CERT_HAS_EXPIRED: "its TLS certificate has expired (CERT_HAS_EXPIRED)",
  ERR_TLS_CERT_ALTNAME_INVALID: "its TLS certificate is not for that host name (ERR_TLS_CERT_ALTNAME_INVALID)",
};

/** undici's codes for silence: no connection, no headers, or no body bytes for the upstream timeout. */
const TIMEOUTS = new Set(["UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT"]);

/** Node's code for an HTTP/2 stream the upstream reset (RST_STREAM), one cut short included: revealStreamResets.ts. */
const HTTP2_STREAM_RESET = "ERR_HTTP2_STREAM_ERROR";

/** A connection that closed under a request before any answer: keep-alive's race, worth one more try. */
const CLOSED_UNDER = new Set(["UND_ERR_SOCKET", "ECONNRESET"]);

export function forwardedFor(existing: string | string[] | undefined, address: string | undefined): string {
  const previous = Array.isArray(existing) ? existing.join(", ") : existing;
  return [previous, address ?? "unknown"].filter(Boolean).join(", ");
}

/**
 * How long the upstream may stay silent (no connection, no headers, no body bytes) before the client
 * gets a 504: nginx's default `proxy_read_timeout`. Without one, a hung app held every client forever;
 * the hang fault is the way to test a server that never answers.
 */
export const UPSTREAM_TIMEOUT_MS = 60_000;

/**
 * The request target in origin form, path and query: a client may send the absolute form
 * (`GET http://other/x`, RFC 9112 §3.2.2), which must reach the upstream as `/x`, not as a URL.
 */
export function originForm(target: string): string {
  if (target.startsWith("/")) return target;
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return target;
  }
}

/** Validators the upstream could answer 304 to, or the browser match a cached copy by: not for a body the proxy changes. */
const VALIDATORS = ["if-none-match", "if-modified-since", "if-range", "if-match", "if-unmodified-since"];

export interface ProxyOptions {
  readonly timeoutMs?: number;
  /**
   * Bytes to append to a request's answer (a deployed worker script, mock-server/deploy/), or
   * undefined. Such a request reaches the upstream without validators or Accept-Encoding, so its
   * answer is a whole, uncompressed body the suffix can follow.
   */
  readonly suffixFor?: (req: Request) => string | undefined;
  /** HTTP/2 without TLS, or any certificate accepted: upstreamDispatcher.ts. */
  readonly connection?: UpstreamConnection;
  /** This server in `Via`, shared with the WebSocket upgrades; a new one by default. */
  readonly hop?: ProxyHop;
  /**
   * Sees each upstream answer as it came, before the suffix (`--record`, mock-server/replay/): may
   * return a stream that gets a copy of its body. It must never hold the body back; it ends only
   * when the body did.
   */
  readonly onUpstreamResponse?: (req: Request, answer: UpstreamAnswer) => Writable | undefined;
}

/** An upstream answer's head as the proxy got it; `rawHeaders` as Node's: name, value, name, value. */
export interface UpstreamAnswer {
  readonly statusCode: number;
  readonly statusMessage: string;
  readonly rawHeaders: readonly string[];
}

function rawHeadersOf(headers: Record<string, string | string[] | undefined>): string[] {
  return Object.entries(headers).flatMap(([name, value]) =>
    value === undefined ? [] : (Array.isArray(value) ? value : [value]).flatMap((one) => [name, one]),
  );
}

/** The scheme the client used to reach this server, for X-Forwarded-Proto. */
export function protocolOf(req: IncomingMessage): "http" | "https" {
  return (req.socket as Partial<TLSSocket>).encrypted ? "https" : "http";
}

export function proxyToUpstream(
  upstream: Upstream,
  logger: Logger,
  { timeoutMs = UPSTREAM_TIMEOUT_MS, suffixFor, connection = {}, hop = proxyHop(), onUpstreamResponse }: ProxyOptions = {},
): RequestHandler {
  // Keep-alive to the upstream, as a browser would keep its own connection to the app.
  const dispatcher = upstreamDispatcher(upstream, connection, timeoutMs);
  return (req, res) => {
    if (hop.cameBack(req)) {
      return sendError(
        res,
        "UPSTREAM_LOOP",
        `Failed to forward ${req.method} ${req.originalUrl} to ${upstream.origin}: the request came back to this server, so the upstream is this server or forwards to it. Point --upstream at the app itself.`,
      );
    }
    const suffix = suffixFor?.(req);
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(withoutHopByHop(req.headers)))
      if (value !== undefined) headers[name] = Array.isArray(value) ? value : String(value);
    headers.via = hop.via(req);
    headers["x-forwarded-for"] = forwardedFor(req.headers["x-forwarded-for"], req.socket.remoteAddress);
    headers["x-forwarded-proto"] = protocolOf(req);
    if (req.headers.host !== undefined) headers["x-forwarded-host"] = req.headers.host;
    // Node's server answered the client's `Expect: 100-continue` already (it sends 100 Continue before
    // the request reaches Express), and the body goes on whole; undici refuses the header outright, and
    // curl sends it with every body over 1 kB.
    delete headers.expect;
    if (suffix !== undefined) for (const name of [...VALIDATORS, "accept-encoding"]) delete headers[name];
    const bodyless =
      (req.method === "GET" || req.method === "HEAD") && req.headers["content-length"] === undefined && req.headers["transfer-encoding"] === undefined;
    // A body the fault middleware read whole goes on as those bytes; a longer one was put back
    // into the request and streams from its start, through a stream of its own: undici destroys a
    // body stream when the upstream fails, and the client's request (its socket) must outlive that
    // for the 502 to be sent.
    const kept = res.locals.requestBody;
    const body = (): Dispatcher.DispatchOptions["body"] => {
      if (bodyless) return null;
      if (kept?.complete) return kept.bytes;
      const through = new PassThrough();
      req.pipe(through);
      return through;
    };
    let clientGone = false;
    let current: Dispatcher.DispatchController | undefined;
    // The client went away first: stop the upstream request too.
    res.on("close", () => {
      if (res.writableFinished) return;
      clientGone = true;
      current?.abort(new Error("the client went away"));
    });
    const send = (retried: boolean): void => {
      let appends = false;
      let answered = false;
      let tap: Writable | undefined;
      let received = 0;
      /** Whether the body is all there by the answer's own measure: none expected, or as long as its Content-Length. */
      let whole = (): boolean => false;
      const finish = () => {
        tap?.end();
        res.end(appends ? suffix : undefined);
      };
      const handler: Dispatcher.DispatchHandler = {
        onRequestStart(controller) {
          current = controller;
          if (clientGone) controller.abort(new Error("the client went away"));
        },
        onResponseStart(controller, statusCode, incoming, statusMessage) {
          // 1xx answers (100 Continue, 103 Early Hints) are the connection's business, not the page's.
          if (statusCode < 200) return;
          answered = true;
          tap = onUpstreamResponse?.(req, { statusCode, statusMessage: statusMessage ?? "", rawHeaders: rawHeadersOf(incoming) });
          appends = suffix !== undefined && statusCode === 200 && incoming["content-encoding"] === undefined;
          const declared = Number(incoming["content-length"] ?? Number.NaN);
          const noBody = req.method === "HEAD" || statusCode === 204 || statusCode === 304;
          whole = () => noBody || received === declared;
          const answer = { ...incoming };
          if (appends) for (const name of ["content-length", "etag", "last-modified"]) delete answer[name];
          // Set one by one, not given to writeHead: Node keeps no copy of those, and the journal reads
          // the response's headers back with getHeaders() (a fault's responseHeaders still win, set in writeHead).
          for (const [name, value] of Object.entries(withoutHopByHop(answer))) if (value !== undefined) res.setHeader(name, value);
          res.writeHead(statusCode, statusMessage || undefined);
          res.on("drain", () => controller.resume());
        },
        onResponseData(controller, chunk) {
          received += chunk.length;
          tap?.write(chunk);
          // Backpressure: a client that reads slowly holds the upstream, instead of the proxy holding the body.
          if (!res.write(chunk)) controller.pause();
        },
        onResponseEnd() {
          finish();
        },
        onResponseError(_controller, error: Error & { code?: string }) {
          const code = error.code ?? (error.cause as { code?: string } | undefined)?.code ?? "";
          // Node 20's own http2 server, piping a body through its stream API, ended 6 of 10 whole 4 MB
          // answers with RST_STREAM(NO_ERROR) instead of END_STREAM: a reset after every byte the
          // answer declared (or after a head that has no body) cut nothing.
          if (answered && code === HTTP2_STREAM_RESET && whole() && !clientGone) {
            finish();
            return;
          }
          // A body cut short is not recorded as if whole.
          tap?.destroy();
          if (clientGone) return;
          // A failure half-way (the upstream dies mid-body) cuts the client's connection too: the client
          // must see a truncated response, not a complete-looking one.
          if (answered || res.headersSent || req.socket.destroyed) {
            if (code === HTTP2_STREAM_RESET) {
              res.locals.cut = "upstream-reset";
              logger.warn(
                { upstream: upstream.origin, method: req.method, url: res.locals.url ?? req.originalUrl, reason: error.message },
                "upstream reset the stream mid-body",
              );
            }
            res.destroy();
            return;
          }
          // Keep-alive's race (Node's http docs, "reusedSocket"): the upstream closed an idle connection
          // just as this request went out on it (seen as 502s for a Next.js app's chunks in a check).
          // A GET or HEAD without a body goes again, once, on a new connection, as a browser's would.
          if (!retried && bodyless && CLOSED_UNDER.has(code)) {
            send(true);
            return;
          }
          if (TIMEOUTS.has(code)) {
            logger.warn({ upstream: upstream.origin, method: req.method, url: res.locals.url ?? req.originalUrl, timeoutMs }, "upstream timed out");
            sendError(
              res,
              "UPSTREAM_TIMEOUT",
              `Failed to get an answer from the upstream app at ${upstream.origin} for ${req.method} ${req.originalUrl}: it sent nothing for ${timeoutMs} ms. Check that the app answers; to test a server that never does, add a hang fault.`,
            );
            return;
          }
          const why = WHY[code] ?? error.message;
          logger.warn({ upstream: upstream.origin, method: req.method, url: res.locals.url ?? req.originalUrl, code }, "upstream unreachable");
          sendError(
            res,
            "UPSTREAM_UNREACHABLE",
            `Failed to reach the upstream app at ${upstream.origin} for ${req.method} ${req.originalUrl}: ${why}. Start the app, or point --upstream at where it listens.`,
          );
        },
      };
      // req.url, not originalUrl: a deploy's html-fallback asks the upstream for the app's start document instead.
      dispatcher.dispatch(
        { origin: upstream.origin, path: originForm(req.url), method: req.method, headers, body: body(), headersTimeout: timeoutMs, bodyTimeout: timeoutMs },
        handler,
      );
    };
    send(false);
  };
}
