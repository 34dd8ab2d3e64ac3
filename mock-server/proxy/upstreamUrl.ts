/**
 * The URLs the kit is given for an app, with one set of rules: the upstream app of proxy mode
 * (`serve --upstream`, and `check --target`, which becomes it) is an `http://` or `https://` origin
 * (a dev server with TLS, which may speak HTTP/2); paths, credentials and other schemes are refused
 * with the reason, so a typo fails at start, not on the first request. A page the browser opens itself (`init --target`) may be https and
 * have a path.
 */
import { isLoopbackHost } from "../http/isLoopbackHost.ts";

export class UpstreamUrlError extends Error {}

export interface Upstream {
  /** `http://127.0.0.1:3000` */
  readonly origin: string;
  /** Whether the upstream speaks TLS (`https://`). */
  readonly tls: boolean;
  /** For `http.request`: IPv6 without brackets. */
  readonly hostname: string;
  readonly port: number;
}

const DEFAULT_PORTS = { "http:": 80, "https:": 443 } as const;

/** The absolute URL `text` names, or why it is not one; `example` shows the form wanted. */
function absoluteUrl(text: string, example: string): URL | string {
  // `localhost:3000` parses as a URL with the scheme `localhost:`; it is a missing `http://`.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return `it is not a URL; write it as ${example}`;
  try {
    return new URL(text);
  } catch {
    return `it is not a URL; write it as ${example}`;
  }
}

/** Why `text` is not a page of an app the browser can open (http or https, any path), or null. */
export function pageUrlProblem(text: string): string | null {
  const url = absoluteUrl(text, "http://127.0.0.1:3000/app/");
  if (typeof url === "string") return url;
  if (url.protocol !== "http:" && url.protocol !== "https:") return `it uses ${url.protocol.replace(/:$/, "")}; give an http:// or https:// URL`;
  return null;
}

/** Why `text` is not an upstream origin, or null when it is. */
export function upstreamProblem(text: string): string | null {
  const url = absoluteUrl(text, "http://host:port");
  if (typeof url === "string") return url;
  if (url.protocol !== "http:" && url.protocol !== "https:") return `it uses ${url.protocol.replace(/:$/, "")}; give an http:// or https:// origin`;
  if (url.username !== "" || url.password !== "") return "it has a user name or password; the upstream must not need credentials in the URL";
  if (url.pathname !== "/" || url.search !== "" || url.hash !== "") return "it has a path, query or fragment; give only the origin, e.g. http://127.0.0.1:3000";
  return null;
}

export function parseUpstreamUrl(text: string): Upstream {
  const problem = upstreamProblem(text);
  if (problem) throw new UpstreamUrlError(`Failed to use '${text}' as the upstream app: ${problem}.`);
  const url = new URL(text);
  const tls = url.protocol === "https:";
  return {
    origin: url.origin,
    tls,
    hostname: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: url.port === "" ? DEFAULT_PORTS[tls ? "https:" : "http:"] : Number(url.port),
  };
}

const WILDCARD_HOSTS = new Set(["0.0.0.0", "::", "[::]"]);

/**
 * Whether the upstream is the server's own listening address, which would forward every request to
 * itself until the headers overflow (1,478 hops and 3,000 open files before a 431). Decided
 * on the spelling only: the same port on the same host, on two loopback names, or on a wildcard bind.
 */
export function isOwnAddress(upstream: Upstream, host: string, port: number): boolean {
  if (upstream.port !== port) return false;
  const bound = host.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  const target = upstream.hostname.toLowerCase();
  return bound === target || WILDCARD_HOSTS.has(bound) || (isLoopbackHost(bound) && isLoopbackHost(target));
}
