/**
 * The URL a recording files an exchange under: the path and query the proxy asked the upstream for
 * (proxyToUpstream.ts sends `originForm(req.url)`), on the origin the client named. The Host header
 * joins only as the authority it must be (hostHeaderProblem.ts), never as text glued before the
 * path: `Host: 127.0.0.1/app/index.html?#` filed the answer to `/evil` under `/app/index.html`, and a
 * Host that is no authority (`a b`) made a URL that threw. The origin stays the client's because
 * replay makes a Location on it relative; replay matches by path and query alone.
 */
import type { Request } from "express";
import { isAuthority } from "../http/hostHeaderProblem.ts";
import { originForm } from "../proxy/proxyToUpstream.ts";

/** For a request without a usable Host (HTTP/1.0 sends none): the origin does not matter to replay. */
const FALLBACK_AUTHORITY = "localhost";

/** The absolute URL to record, or null when the request target is no path (`OPTIONS *`). */
export function recordedUrl(req: Request): string | null {
  const path = originForm(req.url);
  if (!path.startsWith("/")) return null;
  const host = req.headers.host;
  const url = `${req.protocol}://${host !== undefined && isAuthority(host) ? host : FALLBACK_AUTHORITY}${path}`;
  return URL.canParse(url) ? url : null;
}
