/**
 * NAV-3 / ERR-6: which responses the worker may store as a navigation.
 * The worker is the only caller today; the server's tests and the conformance specs read the same
 * rule, so "cacheable" means one thing everywhere.
 */
import { isInScope, type UrlParts } from "./basePath.ts";

/** The parts of a fetch `Response` the rule reads; a real `Response` satisfies it. */
export interface ResponseLike {
  readonly status: number;
  readonly url: string;
  readonly redirected: boolean;
  readonly type: string;
  readonly headers: { get(name: string): string | null };
}

export type NotCacheableReason = "status" | "cross-origin" | "out-of-scope" | "redirected" | "not-html" | "no-store";

export type DocumentVerdict = { readonly cacheable: true } | { readonly cacheable: false; readonly reason: NotCacheableReason };

/** The directives of a `Cache-Control` header, lower-cased, without their values. */
export function cacheControlDirectives(header: string | null): Set<string> {
  const directives = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const name = part.split("=")[0]?.trim().toLowerCase();
    if (name) directives.add(name);
  }
  return directives;
}

/** Whether a `Content-Type` header names an HTML document (`text/html`, any parameters). */
export function isHtmlContentType(header: string | null): boolean {
  return (header ?? "").split(";")[0]?.trim().toLowerCase() === "text/html";
}

/**
 * Decides whether a response fetched for `requested` may be stored as the document for that URL:
 * a 200, same-origin (a `basic` or `default` response whose URL is on the scope's origin), inside the
 * scope, not redirected, HTML, and not `Cache-Control: no-store`. Anything else — an error page, a
 * JSON data representation, a login redirect — would later be replayed offline as if it were the page.
 */
export function documentVerdict(response: ResponseLike, requested: UrlParts, scope: UrlParts, parse: (href: string) => UrlParts): DocumentVerdict {
  if (response.status !== 200) return { cacheable: false, reason: "status" };
  if (response.type !== "basic" && response.type !== "default") return { cacheable: false, reason: "cross-origin" };
  const finalUrl = response.url === "" ? requested : parse(response.url);
  if (finalUrl.origin !== scope.origin || requested.origin !== scope.origin) return { cacheable: false, reason: "cross-origin" };
  if (!isInScope(requested, scope) || !isInScope(finalUrl, scope)) return { cacheable: false, reason: "out-of-scope" };
  if (response.redirected || withoutHash(finalUrl.href) !== withoutHash(requested.href)) return { cacheable: false, reason: "redirected" };
  if (!isHtmlContentType(response.headers.get("content-type"))) return { cacheable: false, reason: "not-html" };
  if (cacheControlDirectives(response.headers.get("cache-control")).has("no-store")) return { cacheable: false, reason: "no-store" };
  return { cacheable: true };
}

function withoutHash(href: string): string {
  const hash = href.indexOf("#");
  return hash === -1 ? href : href.slice(0, hash);
}
