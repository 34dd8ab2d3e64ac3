/**
 * Who may use the control API. With a control token, every request must carry
 * `Authorization: Bearer <token>`; the comparison takes the same time whatever the guess (both sides
 * are hashed to 32 bytes and compared with `timingSafeEqual`, so neither the length nor a matching
 * prefix shows). Without one the server listens on loopback only (cli.ts), and the Host header must
 * name loopback too: a page on another site that re-points its own name at 127.0.0.1 (DNS rebinding)
 * is same-origin with the server as far as the Origin check can tell, but its Host is its own name.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import { sendError } from "../http/httpError.ts";
import { isLoopbackHost } from "../http/isLoopbackHost.ts";

/** Long enough not to be guessed over a LAN; short enough to type. `openssl rand -hex 16` gives 32. */
export const MIN_CONTROL_TOKEN_LENGTH = 16;

/** RFC 6750's b64token: what fits in an Authorization header unquoted. */
const TOKEN_CHARACTERS = /^[A-Za-z0-9\-._~+/]+=*$/;

/** Why a token cannot be used, or null when it can. */
export function controlTokenProblem(token: string): string | null {
  if (token.length < MIN_CONTROL_TOKEN_LENGTH) return `must be at least ${MIN_CONTROL_TOKEN_LENGTH} characters long (try: openssl rand -hex 16)`;
  if (!TOKEN_CHARACTERS.test(token)) return "may only hold letters, digits and - . _ ~ + / (then = padding)";
  return null;
}

const REALM = 'Bearer realm="mock-server control API"';

const digest = (text: string) => createHash("sha256").update(text).digest();

function hostName(host: string): string | null {
  try {
    return new URL(`http://${host}/`).hostname.replace(/^\[(.*)\]$/, "$1");
  } catch {
    return null;
  }
}

function requireToken(token: string): RequestHandler {
  const problem = controlTokenProblem(token);
  if (problem) throw new Error(`Failed to use the control token: it ${problem}. Pass another one.`);
  const expected = digest(token);
  return (req, res, next) => {
    const sent = /^Bearer +(\S+) *$/i.exec(req.get("authorization") ?? "")?.[1];
    if (sent !== undefined && timingSafeEqual(digest(sent), expected)) return next();
    res.set("www-authenticate", sent === undefined ? REALM : `${REALM}, error="invalid_token"`);
    sendError(
      res,
      "UNAUTHORIZED",
      sent === undefined
        ? "Failed to accept a control request: it has no 'Authorization: Bearer <token>' header. This server was started with a control token; send it."
        : "Failed to accept a control request: the bearer token does not match. Send the one the server was started with (--control-token or PCK_CONTROL_TOKEN).",
    );
  };
}

const requireLoopbackHost: RequestHandler = (req, res, next) => {
  const host = req.get("host");
  const name = host === undefined ? null : hostName(host);
  if (host === undefined || (name !== null && isLoopbackHost(name))) return next();
  sendError(
    res,
    "FOREIGN_HOST",
    `Failed to accept a control request for host '${host}': without a control token only localhost, 127.x.x.x and [::1] may be used, which keeps pages of other sites out. Use a loopback address, or start the server with --control-token.`,
  );
};

export function controlAccess(token: string | undefined): RequestHandler {
  return token === undefined ? requireLoopbackHost : requireToken(token);
}
