/**
 * The answers a HAR holds, indexed for replay, and the rule that picks one for a request. Pure: no
 * Express, no files; replayRoutes.ts is its adapter.
 *
 * Its answers carry no credential a recording redacted (a Set-Cookie of REDACTED is left out).
 *
 * Matching, as the tools people replay HARs with do it:
 * - method and path, never the origin: a browser's export was taken on another host, and this
 *   server forwards paths as they are (proxy mode), so the app's paths are the HAR's. A HEAD takes
 *   a GET's entry first (its headers and length, no body), a HEAD's without one.
 * - the query exactly, as Playwright's `routeFromHAR` and MockServer do; when no entry has this
 *   query, an entry of the same path with another one, as MSW and Mockoon match routes by path: a
 *   cache-buster or marker the app ignores (`?v=…`, a test's `?pck-settle=…`) must not turn a
 *   recorded page into a 404. The journal says which rule answered (`replayed.match`).
 * - among several: one whose request body is the same (the kept start of a body), then the one
 *   whose request shared the most header values with this one (Playwright's rule, which picks the
 *   JSON or the HTML answer of a URL by Accept), then the newest (WireMock's: the stub added last
 *   wins; a HAR is in time order, so the app's latest answer). Vary is not a filter: almost every
 *   Vary names Accept-Encoding, and a HAR's bodies are decoded anyway.
 */
import { validateHeaderName, validateHeaderValue } from "node:http";
import { isSecretHeader, REDACTED } from "../http/redactHeaders.ts";
import { HOP_BY_HOP } from "../proxy/hopByHop.ts";
import type { HarInput, HarInputEntry } from "./harInput.ts";

/** Why an entry can answer nothing; each counted in the summary (`GET /__mock/replay`). */
export const SKIP_REASONS = {
  failed: "the request failed (status 0 or _error): no answer to give",
  informational:
    "a 1xx (100 Continue, 101 Switching Protocols, 103 Early Hints) is no final answer: sent as one, it would answer the connection's next request",
  notModified: "a 304 answers a conditional request; replay answers every request in full",
  noBody: "its body is not in the HAR (exported without content, or cut by the recording's caps)",
  bodyInOtherFile: "its body is in a separate file (Playwright's 'attach' content); export with content: 'embed'",
  undecodable: "its content.encoding is neither absent nor base64",
} as const;
export type SkipReason = keyof typeof SKIP_REASONS;

/** Headers an answer from the HAR never repeats: the HAR's body is decoded and whole, and these described the wire. */
const NOT_REPLAYED: ReadonlySet<string> = new Set([...HOP_BY_HOP, "content-encoding", "content-length"]);

export interface ReplayEntry {
  /** The entry's position in the HAR's `log.entries`, from 0. */
  readonly index: number;
  readonly method: string;
  readonly path: string;
  /** `?…`, or empty. */
  readonly search: string;
  /** Request header values by lower-case name, repeated ones joined with ", ". */
  readonly requestHeaders: ReadonlyMap<string, string>;
  readonly requestBody: string | null;
  readonly status: number;
  readonly statusText: string;
  readonly headers: readonly (readonly [string, string])[];
  readonly body: Buffer;
}

export interface ReplayIndex {
  /** Entries by `METHOD path`, in the HAR's order. */
  readonly byRoute: ReadonlyMap<string, readonly ReplayEntry[]>;
  /** All entries of the HAR, usable or not. */
  readonly total: number;
  /** Entries that can answer. */
  readonly usable: number;
  readonly skipped: Readonly<Record<SkipReason, number>>;
  /** Bytes of body held in memory. */
  readonly bodyBytes: number;
}

/** Path and query as this server sees them: both sides go through the same URL parser. */
function pathAndSearch(url: string): { path: string; search: string } {
  const parsed = new URL(url, "http://replay.invalid");
  return { path: parsed.pathname, search: parsed.search };
}

function headerMap(headers: readonly { name: string; value: string }[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const { name, value } of headers) {
    const key = name.toLowerCase();
    const earlier = map.get(key);
    map.set(key, earlier === undefined ? value : `${earlier}, ${value}`);
  }
  return map;
}

function isSendable(name: string, value: string): boolean {
  try {
    validateHeaderName(name);
    validateHeaderValue(name, value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The answer's headers: the wire's ones and HTTP/2 pseudo-headers out, and a Location on the
 * recorded origin made relative, so a redirect stays on this server whatever port it now has.
 */
function replayedHeaders(entry: HarInputEntry): [string, string][] {
  const origin = new URL(entry.request.url).origin;
  const kept: [string, string][] = [];
  for (const { name, value } of entry.response.headers) {
    const lower = name.toLowerCase();
    if (NOT_REPLAYED.has(lower) || lower.startsWith(":") || !isSendable(name, value)) continue;
    // A recording's (or a sanitized export's) credentials: a cookie named by the placeholder would be a wrong one.
    if (isSecretHeader(name) && value === REDACTED) continue;
    if (lower === "location" && URL.canParse(value) && new URL(value).origin === origin) {
      const target = new URL(value);
      kept.push([name, `${target.pathname}${target.search}${target.hash}`]);
    } else kept.push([name, value]);
  }
  return kept;
}

function skipReason(entry: HarInputEntry): SkipReason | null {
  const { status, content, _error } = entry.response;
  if (status < 100 || status > 599 || (_error !== undefined && _error !== null && _error !== "")) return "failed";
  if (status < 200) return "informational";
  if (status === 304) return "notModified";
  if (content._file !== undefined && content.text === undefined) return "bodyInOtherFile";
  if (content.text === undefined && (content.size ?? 0) > 0 && entry.request.method.toUpperCase() !== "HEAD") return "noBody";
  if (content.text !== undefined && content.encoding !== undefined && content.encoding !== "" && content.encoding !== "base64") return "undecodable";
  return null;
}

function bodyOf(entry: HarInputEntry): Buffer {
  const { text, encoding } = entry.response.content;
  if (text === undefined) return Buffer.alloc(0);
  return encoding === "base64" ? Buffer.from(text, "base64") : Buffer.from(text, "utf8");
}

export function indexHar(har: HarInput): ReplayIndex {
  const byRoute = new Map<string, ReplayEntry[]>();
  const skipped: Record<SkipReason, number> = { failed: 0, informational: 0, notModified: 0, noBody: 0, bodyInOtherFile: 0, undecodable: 0 };
  let usable = 0;
  let bodyBytes = 0;
  har.log.entries.forEach((entry, index) => {
    const reason = skipReason(entry);
    if (reason !== null) {
      skipped[reason]++;
      return;
    }
    const method = entry.request.method.toUpperCase();
    const { path, search } = pathAndSearch(entry.request.url);
    const body = bodyOf(entry);
    const replay: ReplayEntry = {
      index,
      method,
      path,
      search,
      requestHeaders: headerMap(entry.request.headers),
      requestBody: entry.request.postData?.text ?? null,
      status: entry.response.status,
      statusText: entry.response.statusText ?? "",
      headers: replayedHeaders(entry),
      body,
    };
    const key = `${method} ${path}`;
    const route = byRoute.get(key);
    if (route) route.push(replay);
    else byRoute.set(key, [replay]);
    usable++;
    bodyBytes += body.length;
  });
  return { byRoute, total: har.log.entries.length, usable, skipped, bodyBytes };
}

export interface ReplayRequest {
  readonly method: string;
  /** Path and query, as in the request line (`req.url`). */
  readonly url: string;
  /** Lower-case names, as Node gives them. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The body as text when the server read all of it; null otherwise. */
  readonly body: string | null;
}

/** `exact`: method, path and query; `path`: method and path, the query differed. */
export type ReplayMatchKind = "exact" | "path";

export interface ReplayMatch {
  readonly entry: ReplayEntry;
  readonly match: ReplayMatchKind;
}

function sharedHeaders(entry: ReplayEntry, headers: ReplayRequest["headers"]): number {
  let shared = 0;
  for (const [name, value] of entry.requestHeaders) {
    const sent = headers[name];
    if ((Array.isArray(sent) ? sent.join(", ") : sent) === value) shared++;
  }
  return shared;
}

/** The entry that answers `request`, or undefined when none may. */
export function findReplay(index: ReplayIndex, request: ReplayRequest): ReplayMatch | undefined {
  const method = request.method.toUpperCase();
  const { path, search } = pathAndSearch(request.url);
  const candidates = [...(index.byRoute.get(`${method} ${path}`) ?? []), ...(method === "HEAD" ? (index.byRoute.get(`GET ${path}`) ?? []) : [])];
  let best: { entry: ReplayEntry; rank: readonly number[] } | undefined;
  for (const entry of candidates) {
    const rank = [
      entry.search === search ? 1 : 0,
      // A HEAD is best answered by a GET's entry: its Content-Length is the body's, which a HEAD entry's (0) is not.
      entry.method === (method === "HEAD" ? "GET" : method) ? 1 : 0,
      request.body !== null && entry.requestBody === request.body ? 1 : 0,
      sharedHeaders(entry, request.headers),
      entry.index,
    ];
    if (best === undefined || isHigher(rank, best.rank)) best = { entry, rank };
  }
  return best && { entry: best.entry, match: best.entry.search === search ? "exact" : "path" };
}

function isHigher(rank: readonly number[], than: readonly number[]): boolean {
  for (let i = 0; i < rank.length; i++) if (rank[i] !== than[i]) return (rank[i] ?? 0) > (than[i] ?? 0);
  return false;
}
