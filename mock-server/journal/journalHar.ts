/**
 * The journal as an HTTP Archive (HAR 1.2, http://www.softwareishard.com/blog/har-12-spec/), which
 * browsers' network panels and Playwright read. What HAR has no field for goes into fields starting
 * with `_`, as the format allows: the journal entry's id, the fault, the digest, the outcome. A
 * request that got no response (a drop, a hang the client gave up on) has status 0 and an `_error`,
 * as Chromium's own exports write failed requests.
 */
import { STATUS_CODES } from "node:http";
import type { HeaderRecord } from "../http/redactHeaders.ts";
import type { JournalEntry } from "./journal.ts";
import type { RequestKind } from "./requestKind.ts";

export interface HarHeader {
  readonly name: string;
  readonly value: string;
}

export interface HarEntry {
  readonly startedDateTime: string;
  readonly time: number;
  readonly request: {
    readonly method: string;
    readonly url: string;
    readonly httpVersion: string;
    readonly cookies: readonly never[];
    readonly headers: readonly HarHeader[];
    readonly queryString: readonly HarHeader[];
    readonly headersSize: number;
    readonly bodySize: number;
    readonly postData?: { readonly mimeType: string; readonly text: string };
  };
  readonly response: {
    readonly status: number;
    readonly statusText: string;
    readonly httpVersion: string;
    readonly cookies: readonly never[];
    readonly headers: readonly HarHeader[];
    readonly content: { readonly size: number; readonly mimeType: string };
    readonly redirectURL: string;
    readonly headersSize: number;
    readonly bodySize: number;
    readonly _error?: string;
  };
  readonly cache: Record<string, never>;
  readonly timings: { readonly send: number; readonly wait: number; readonly receive: number };
  readonly _journalId: number;
  readonly _kind: RequestKind;
  readonly _fault: string | null;
  readonly _digest: string | null;
  /** The deploy in effect when the request arrived (`POST /__mock/deploy`): 0 before the first. */
  readonly _deploy: number;
  readonly _outcome: JournalEntry["outcome"];
  readonly _tooCostlyToMatch: boolean;
  /** The replayed HAR's entry that answered, or null (journal.ts `replayed`). */
  readonly _replayed: JournalEntry["replayed"];
}

export interface Har {
  readonly log: {
    readonly version: "1.2";
    readonly creator: { readonly name: string; readonly version: string };
    readonly entries: readonly HarEntry[];
  };
}

/** The server speaks HTTP/1.x only (node:http); which minor version a request used is not journaled. */
const HTTP_VERSION = "HTTP/1.1";

const harHeaders = (headers: HeaderRecord): HarHeader[] => Object.entries(headers).map(([name, value]) => ({ name, value }));

function sizeOf(headers: HeaderRecord): number | null {
  const length = headers["content-length"];
  return length !== undefined && /^\d+$/.test(length) ? Number(length) : null;
}

function unansweredReason(outcome: JournalEntry["outcome"]): string {
  if (outcome === "aborted") return "the client went away before a response";
  if (outcome === "offline") return "no response: the mock server's network was offline";
  return `no response: ${outcome} by a fault`;
}

function harEntry(entry: JournalEntry, fallbackHost: string): HarEntry {
  const query = entry.url.indexOf("?");
  const size = sizeOf(entry.responseHeaders);
  const answered = entry.status !== null;
  return {
    // The journal writes its entry when the response ends; HAR wants when the request began.
    startedDateTime: new Date(Date.parse(entry.time) - entry.durationMs).toISOString(),
    time: entry.durationMs,
    request: {
      method: entry.method,
      url: `http://${entry.requestHeaders.host ?? fallbackHost}${entry.url}`,
      httpVersion: HTTP_VERSION,
      cookies: [],
      headers: harHeaders(entry.requestHeaders),
      queryString: [...new URLSearchParams(query < 0 ? "" : entry.url.slice(query + 1))].map(([name, value]) => ({ name, value })),
      headersSize: -1,
      bodySize: entry.requestBody ? (entry.requestBody.size ?? -1) : 0,
      // HAR 1.2's postData: the text the journal kept (clipped, the control token redacted).
      ...(entry.requestBody?.text == null ? {} : { postData: { mimeType: entry.requestBody.contentType ?? "", text: entry.requestBody.text } }),
    },
    response: {
      status: entry.status ?? 0,
      statusText: entry.status === null ? "" : (STATUS_CODES[entry.status] ?? ""),
      httpVersion: answered ? HTTP_VERSION : "",
      cookies: [],
      headers: harHeaders(entry.responseHeaders),
      content: { size: size ?? 0, mimeType: entry.responseHeaders["content-type"] ?? "x-unknown" },
      redirectURL: entry.responseHeaders.location ?? "",
      headersSize: -1,
      bodySize: size ?? -1,
      ...(answered ? {} : { _error: unansweredReason(entry.outcome) }),
    },
    cache: {},
    timings: { send: 0, wait: entry.durationMs, receive: 0 },
    _journalId: entry.id,
    _kind: entry.kind,
    _fault: entry.fault,
    _digest: entry.digest,
    _deploy: entry.deploy,
    _outcome: entry.outcome,
    _tooCostlyToMatch: entry.tooCostlyToMatch,
    _replayed: entry.replayed,
  };
}

/** `fallbackHost` names the server for an entry without a Host header (HTTP/1.0): the control request's own. */
export function journalHar(entries: readonly JournalEntry[], fallbackHost: string, creator: { name: string; version: string }): Har {
  return { log: { version: "1.2", creator, entries: entries.map((entry) => harEntry(entry, fallbackHost)) } };
}
