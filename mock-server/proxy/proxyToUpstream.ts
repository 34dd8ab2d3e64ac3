/**
 * Proxy mode: every request the control API and the faults leave alone goes to the upstream app as
 * it came (method, path and query, headers but the hop-by-hop ones, Host included, so the app's
 * absolute links and redirects keep pointing here), body streamed; the answer streams back as it
 * comes. Nothing is followed, rewritten or cached. An unreachable upstream is a 502 saying so.
 *
 * Each server adds itself to `Via` (RFC 9110 §7.6.3) under a name of its own, so a request that comes
 * back to it — an upstream that is, or forwards to, this server — is answered 508 at once instead of
 * going round until its headers overflow.
 */
import { randomBytes } from "node:crypto";
import { Agent, type IncomingMessage, request } from "node:http";
import { pipeline, Transform, type Writable } from "node:stream";
import type { Request, RequestHandler } from "express";
import type { Logger } from "pino";
import { sendError } from "../http/httpError.ts";
import { withoutHopByHop } from "./hopByHop.ts";
import type { Upstream } from "./upstreamUrl.ts";

const WHY: Readonly<Record<string, string>> = {
  ECONNREFUSED: "nothing listens there (ECONNREFUSED)",
  ENOTFOUND: "its host name does not resolve (ENOTFOUND)",
  EAI_AGAIN: "its host name does not resolve (EAI_AGAIN)",
  ECONNRESET: "it closed the connection without an answer (ECONNRESET)",
  EHOSTUNREACH: "its host cannot be reached (EHOSTUNREACH)",
  ETIMEDOUT: "the connection timed out (ETIMEDOUT)",
};

function forwardedFor(existing: string | string[] | undefined, address: string | undefined): string {
  const previous = Array.isArray(existing) ? existing.join(", ") : existing;
  return [previous, address ?? "unknown"].filter(Boolean).join(", ");
}

/**
 * How long the upstream may stay silent (no connection, no headers, no body bytes) before the client
 * gets a 504: nginx's default `proxy_read_timeout`. Without one, a hung app held every client forever;
 * the hang fault is the way to test a server that never answers.
 */
export const UPSTREAM_TIMEOUT_MS = 60_000;

/** `Via` as one string, or undefined when the request has none. */
function viaOf(req: IncomingMessage): string | undefined {
  const via = req.headers.via;
  return Array.isArray(via) ? via.join(", ") : via;
}

/**
 * The request target in origin form, path and query: a client may send the absolute form
 * (`GET http://other/x`, RFC 9112 §3.2.2), which must reach the upstream as `/x`, not as a URL.
 */
function originForm(target: string): string {
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

/** Passes the body through and writes `suffix` after it. */
function appending(suffix: string): Transform {
  return new Transform({
    transform: (chunk, _encoding, done) => done(null, chunk),
    flush: (done) => done(null, suffix),
  });
}

export interface ProxyOptions {
  readonly timeoutMs?: number;
  /**
   * Bytes to append to a request's answer (a deployed worker script, mock-server/deploy/), or
   * undefined. Such a request reaches the upstream without validators or Accept-Encoding, so its
   * answer is a whole, uncompressed body the suffix can follow.
   */
  readonly suffixFor?: (req: Request) => string | undefined;
  /**
   * Sees each upstream answer as it came, before the suffix (`--record`, mock-server/replay/): may
   * return a stream that gets a copy of its body. It must never hold the body back; it ends only
   * when the body did.
   */
  readonly onUpstreamResponse?: (req: Request, incoming: IncomingMessage) => Writable | undefined;
}

export function proxyToUpstream(
  upstream: Upstream,
  logger: Logger,
  { timeoutMs = UPSTREAM_TIMEOUT_MS, suffixFor, onUpstreamResponse }: ProxyOptions = {},
): RequestHandler {
  // Keep-alive to the upstream, as a browser would keep its own connection to the app.
  const agent = new Agent({ keepAlive: true });
  const via = `1.1 pck-mock-server-${randomBytes(6).toString("hex")}`;
  return (req, res) => {
    const previousVia = viaOf(req);
    if (previousVia?.split(",").some((hop) => hop.trim() === via)) {
      return sendError(
        res,
        "UPSTREAM_LOOP",
        `Failed to forward ${req.method} ${req.originalUrl} to ${upstream.origin}: the request came back to this server, so the upstream is this server or forwards to it. Point --upstream at the app itself.`,
      );
    }
    const suffix = suffixFor?.(req);
    const headers: Record<string, string | number | string[] | undefined> = {
      ...withoutHopByHop(req.headers),
      via: previousVia === undefined ? via : `${previousVia}, ${via}`,
      "x-forwarded-for": forwardedFor(req.headers["x-forwarded-for"], req.socket.remoteAddress),
      "x-forwarded-proto": "http",
      ...(req.headers.host === undefined ? {} : { "x-forwarded-host": req.headers.host }),
    };
    if (suffix !== undefined) for (const name of [...VALIDATORS, "accept-encoding"]) delete headers[name];
    const bodyless =
      (req.method === "GET" || req.method === "HEAD") && req.headers["content-length"] === undefined && req.headers["transfer-encoding"] === undefined;
    const send = (retried: boolean): void => {
      // req.url, not originalUrl: a deploy's html-fallback asks the upstream for the app's start document instead.
      const outgoing = request({ hostname: upstream.hostname, port: upstream.port, method: req.method, path: originForm(req.url), headers, agent });
      outgoing.on("response", (incoming) => {
        const appends = suffix !== undefined && incoming.statusCode === 200 && incoming.headers["content-encoding"] === undefined;
        if (appends) for (const name of ["content-length", "etag", "last-modified"]) delete incoming.headers[name];
        // Set one by one, not given to writeHead: Node keeps no copy of those, and the journal reads
        // the response's headers back with getHeaders() (a fault's responseHeaders still win, set in writeHead).
        for (const [name, value] of Object.entries(withoutHopByHop(incoming.headers))) if (value !== undefined) res.setHeader(name, value);
        res.writeHead(incoming.statusCode ?? 502, incoming.statusMessage);
        // A failure half-way (the upstream dies mid-body) cuts the client's connection too: the client
        // must see a truncated response, not a complete-looking one.
        const done = (error: Error | null) => {
          if (error) res.destroy();
        };
        const tap = onUpstreamResponse?.(req, incoming);
        if (tap) incoming.pipe(tap);
        if (appends) pipeline(incoming, appending(suffix), res, done);
        else pipeline(incoming, res, done);
      });
      let timedOut = false;
      outgoing.setTimeout(timeoutMs, () => {
        timedOut = true;
        outgoing.destroy();
        if (res.headersSent || req.socket.destroyed) {
          res.destroy();
          return;
        }
        logger.warn({ upstream: upstream.origin, method: req.method, url: res.locals.url ?? req.originalUrl, timeoutMs }, "upstream timed out");
        sendError(
          res,
          "UPSTREAM_TIMEOUT",
          `Failed to get an answer from the upstream app at ${upstream.origin} for ${req.method} ${req.originalUrl}: it sent nothing for ${timeoutMs} ms. Check that the app answers; to test a server that never does, add a hang fault.`,
        );
      });
      outgoing.on("error", (error: NodeJS.ErrnoException) => {
        if (timedOut) return;
        // Keep-alive's race (Node's http docs, "reusedSocket"): the upstream closed an idle connection
        // just as this request went out on it (seen as 502s for a Next.js app's chunks in a check).
        // A GET or HEAD without a body goes again, once, on a new connection, as a browser's would.
        if (!retried && bodyless && outgoing.reusedSocket && error.code === "ECONNRESET" && !res.headersSent && !req.socket.destroyed) {
          send(true);
          return;
        }
        if (res.headersSent || req.socket.destroyed) {
          res.destroy();
          return;
        }
        const why = WHY[error.code ?? ""] ?? error.message;
        logger.warn({ upstream: upstream.origin, method: req.method, url: res.locals.url ?? req.originalUrl, code: error.code }, "upstream unreachable");
        sendError(
          res,
          "UPSTREAM_UNREACHABLE",
          `Failed to reach the upstream app at ${upstream.origin} for ${req.method} ${req.originalUrl}: ${why}. Start the app, or point --upstream at where it listens.`,
        );
      });
      // The client went away first: stop the upstream request too.
      res.on("close", () => {
        if (!res.writableFinished) outgoing.destroy();
      });
      // Not `pipeline`: it would destroy the client's request (and socket) when the upstream fails,
      // and the 502 above could not be sent.
      // A body the fault middleware read whole goes on as those bytes; a longer one was put back
      // into the request and streams from its start.
      const kept = res.locals.requestBody;
      if (bodyless) outgoing.end();
      else if (kept?.complete) outgoing.end(kept.bytes);
      else req.pipe(outgoing);
    };
    send(false);
  };
}
