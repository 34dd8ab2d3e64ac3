/**
 * Proxy mode's door: a request the proxy cannot forward as it came gets a 400 before any fault or
 * the upstream sees it. The upstream gets the Host as sent (proxyToUpstream.ts), so one that names no
 * host (`a b`, a host with a path after it) has no answer that could be told apart from another's,
 * and a recording filed it under a path never asked for (hostHeaderProblem.ts); RFC 9112 §3.2 has a
 * server refuse it. A target that is no path (`OPTIONS *`) cannot be sent on, and got a 502 that
 * blamed the upstream.
 */
import type { Request, RequestHandler } from "express";
import { hostHeaderProblem } from "../http/hostHeaderProblem.ts";
import { sendError } from "../http/httpError.ts";
import { originForm } from "./proxyToUpstream.ts";

/** Why the request cannot be forwarded as it came, with its code, or null when it can. */
function refusal(req: Request): { readonly code: "BAD_TARGET" | "BAD_HOST"; readonly problem: string } | null {
  if (!originForm(req.url).startsWith("/"))
    return { code: "BAD_TARGET", problem: "its target is not a path, and the proxy forwards requests for the app's paths" };
  const problem = hostHeaderProblem(req.rawHeaders);
  return problem === null ? null : { code: "BAD_HOST", problem };
}

export function refuseUnforwardable(): RequestHandler {
  return (req, res, next) => {
    const refused = refusal(req);
    if (refused === null) return next();
    sendError(
      res,
      refused.code,
      `Failed to forward ${req.method} ${res.locals.url ?? req.originalUrl} to the upstream app: ${refused.problem} (RFC 9112 §3.2). Send what a browser would: a path, and the host and port in Host, e.g. 'Host: 127.0.0.1:4173'.`,
    );
  };
}
