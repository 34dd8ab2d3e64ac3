/**
 * Whether a request's Host header names one authority, `host[:port]` (RFC 9112 §3.2 with RFC 3986
 * §3.2.2): a name, an IPv4 address or a bracketed IPv6 one, then a port of at most 65535. What is
 * not one (`a b`, `%zz`, `x:99999999`, `<script>`, a host with a path after it) becomes another URL,
 * or none, wherever a URL is built from it: a recording's entry was filed under the wrong path, or
 * threw and ended the server. RFC 9112 §3.2 has a server answer such a request 400.
 */
import { clipText } from "./clipText.ts";

/** RFC 3986's reg-name: unreserved, sub-delims and percent-encoded octets. */
const REG_NAME = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})+$/;
const IP_LITERAL = /^\[[0-9A-Fa-f:.]+\]$/;
const HOST_AND_PORT = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/;
/** How much of a refused Host a message repeats: enough to recognise it, not a 16 kB header. */
const SHOWN_HOST_CHARACTERS = 100;

/** Whether `text` is `host[:port]`, and WHATWG's URL parser (the one that builds URLs from it) takes it so. */
export function isAuthority(text: string): boolean {
  const match = HOST_AND_PORT.exec(text);
  if (!match) return false;
  const [, name = "", port] = match;
  if (!IP_LITERAL.test(name) && !REG_NAME.test(name)) return false;
  if (port !== undefined && port !== "" && Number(port) > 65_535) return false;
  try {
    const url = new URL(`http://${text}/`);
    return url.pathname === "/" && url.search === "" && url.hash === "" && url.username === "";
  } catch {
    return false;
  }
}

/** Why the Host header of `rawHeaders` (`req.rawHeaders`) is not one authority, or null when it is, or absent (HTTP/1.0). */
export function hostHeaderProblem(rawHeaders: readonly string[]): string | null {
  const hosts: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) if ((rawHeaders[i] as string).toLowerCase() === "host") hosts.push(rawHeaders[i + 1] as string);
  if (hosts.length > 1) return `it has ${hosts.length} Host headers, and a request names one host`;
  const [host] = hosts;
  if (host === undefined || isAuthority(host)) return null;
  return `its Host header ${JSON.stringify(clipText(host, SHOWN_HOST_CHARACTERS))} is not a host name or address with an optional port`;
}
