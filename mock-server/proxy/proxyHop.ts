/**
 * This server's name in `Via` (RFC 9110 §7.6.3), one per server: a request that comes back to it —
 * an upstream that is, or forwards to, this server — is answered 508 at once instead of going round
 * until its headers overflow. Shared by the HTTP forwarding and the WebSocket upgrades.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";

export interface ProxyHop {
  /** Whether the request already passed through this server. */
  readonly cameBack: (req: IncomingMessage) => boolean;
  /** The request's `Via` with this server added. */
  readonly via: (req: IncomingMessage) => string;
}

/** `Via` as one string, or undefined when the request has none. */
function viaOf(req: IncomingMessage): string | undefined {
  const via = req.headers.via;
  return Array.isArray(via) ? via.join(", ") : via;
}

export function proxyHop(): ProxyHop {
  const name = `1.1 pck-mock-server-${randomBytes(6).toString("hex")}`;
  return {
    cameBack: (req) =>
      viaOf(req)
        ?.split(",")
        .some((hop) => hop.trim() === name) ?? false,
    via: (req) => {
      const previous = viaOf(req);
      return previous === undefined ? name : `${previous}, ${name}`;
    },
  };
}
