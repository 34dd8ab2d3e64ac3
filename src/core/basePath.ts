/**
 * The base-path and scope rules, shared by page, worker and server.
 *
 * Two different questions are answered here on purpose:
 * - "is this page inside the app?" (REG-4): `/app`, `/app/` and `/app/x` are; `/apple` and `/` are not.
 * - "is this URL inside the worker's scope?" (NAV-1, NAV-3): the browser's own rule, a string prefix of
 *   the scope URL `/app/`, so `/app` (no slash) is inside the app but outside the scope, and the worker
 *   could never serve it anyway.
 * Paths are compared as the URL parser serialises them (no percent-decoding), exactly as the browser
 * matches service-worker scopes, so `/%61pp/` is not `/app/`.
 */
import { ShellError } from "./errors.ts";

/** The parts of a WHATWG `URL` these rules read; a real `URL` satisfies it in every runtime. */
export interface UrlParts {
  readonly origin: string;
  readonly pathname: string;
  readonly href: string;
}

const SEGMENT = /^[A-Za-z0-9._~!$&'()*+,;=:@%-]+$/;

/**
 * Normalises a configured base path: `''` for the site root, otherwise `/seg[/seg…]` with no trailing
 * slash. Throws a `ShellError` naming the problem for anything that is not a plain absolute path
 * (query, fragment, backslash, empty or dot segments, or characters a URL path cannot hold).
 */
export function normalizeBasePath(input: string): string {
  const trimmed = input.trim();
  if (trimmed === "" || trimmed === "/") return "";
  if (!trimmed.startsWith("/")) throw new ShellError("BASE_PATH_INVALID", { basePath: input, why: "it must start with '/'" });
  const segments = trimmed.replace(/\/+$/, "").slice(1).split("/");
  for (const segment of segments) {
    // The URL parser reads `%2e` as a dot (https://url.spec.whatwg.org/#double-dot-path-segment), so the
    // scope of `/app/%2e%2e` would be `/`.
    const dots = segment.replace(/%2e/gi, ".");
    if (segment === "" || dots === "." || dots === "..") {
      throw new ShellError("BASE_PATH_INVALID", { basePath: input, why: `it has an empty or dot segment '${segment}'` });
    }
    if (!SEGMENT.test(segment)) {
      throw new ShellError("BASE_PATH_INVALID", { basePath: input, why: `segment '${segment}' has a character a URL path cannot hold` });
    }
  }
  return `/${segments.join("/")}`;
}

/** The worker scope path for a normalised base path: `/app` → `/app/`, root → `/`. */
export function scopePath(basePath: string): string {
  return `${basePath}/`;
}

/** REG-4: whether a pathname lies inside the app's base path (`/app` and `/app/…`, never `/apple`). */
export function isWithinBasePath(pathname: string, basePath: string): boolean {
  if (basePath === "") return pathname.startsWith("/");
  return pathname === basePath || pathname.startsWith(`${basePath}/`);
}

/** NAV-1 / NAV-3: whether a URL is same-origin with the scope and inside it (the browser's prefix rule). */
export function isInScope(url: UrlParts, scope: UrlParts): boolean {
  return url.origin === scope.origin && url.pathname.startsWith(scope.pathname);
}
