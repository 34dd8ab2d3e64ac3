/**
 * Proxy mode's door: a request the proxy cannot forward as it came gets a 400 before any fault or
 * the upstream sees it. The upstream gets the Host as sent (proxyToUpstream.ts), so one that names no
 * host (`a b`, a host with a path after it) has no answer that could be told apart from another's,
 * and a recording filed it under a path never asked for (hostHeaderProblem.ts); RFC 9112 §3.2 has a
 * server refuse it. A target that is no path (`OPTIONS *`) cannot be sent on, and got a 502 that
 * blamed the upstream.
 */
import type { RequestHandler } from "express";
import { hostHeaderProblem } from "../http/hostHeaderProblem.ts";
import { sendError } from "../http/httpError.ts";
import { originForm } from "./proxyToUpstream.ts";

export function refuseUnforwardable(): RequestHandler {
  return (req, res, next) => {
    const problem = originForm(req.url).startsWith("/")
      ? hostHeaderProblem(req.rawHeaders)
      : "its target is not a path, and the proxy forwards requests for the app's paths";
    if (problem === null) return next();
    sendError(
      res,
      "BAD_REQUEST",
      `Failed to forward ${req.method} ${res.locals.url ?? req.originalUrl} to the upstream app: ${problem} (RFC 9112 §3.2). Send what a browser would: a path, and the host and port in Host, e.g. 'Host: 127.0.0.1:4173'.`,
      400,
    );
  };
}
