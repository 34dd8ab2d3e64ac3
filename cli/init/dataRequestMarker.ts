/**
 * How an app's data requests differ from its documents, read from the requests it made for a page's
 * own URL on a client-side navigation: a non-HTML `Accept` (the reference app: `application/json`), a
 * header of its own (Next.js: `RSC: 1`) or a query parameter the link does not carry (Next.js: `_rsc`).
 * Only what every one of those requests shares counts, so a prefetch and the navigation agree.
 */
import type { ObservedRequest } from "./appFacts.ts";

export interface DataMarker {
  readonly accept?: string;
  readonly header?: { readonly name: string; readonly value?: string };
  readonly query?: string;
}

/** Headers a browser sends on any request, or a fetch sends for its body: they tell nothing apart. */
const ORDINARY_HEADERS = new Set([
  "accept",
  "accept-encoding",
  "accept-language",
  "cache-control",
  "connection",
  "content-length",
  "content-type",
  "cookie",
  "dnt",
  "host",
  "if-match",
  "if-modified-since",
  "if-none-match",
  "origin",
  "pragma",
  "priority",
  "purpose",
  "range",
  "referer",
  "service-worker",
  "upgrade-insecure-requests",
  "user-agent",
]);

/** The header Next.js's App Router marks its data requests with, preferred over its other headers. */
const PREFERRED_HEADER = "rsc";

/** Longer values (Next.js's serialized router state) vary per page: the name alone marks the request. */
const MAX_MARKER_VALUE_LENGTH = 32;

function mediaType(accept: string | undefined): string | null {
  const first = accept?.split(",")[0]?.split(";")[0]?.trim().toLowerCase();
  if (!first || first === "*/*" || first.includes("html")) return null;
  return first;
}

function customHeaders(request: ObservedRequest): string[] {
  return Object.keys(request.headers)
    .map((name) => name.toLowerCase())
    .filter((name) => !ORDINARY_HEADERS.has(name) && !name.startsWith("sec-") && !name.startsWith(":"));
}

function shared<T>(lists: readonly (readonly T[])[]): T[] {
  const [first = [], ...rest] = lists;
  return first.filter((item) => rest.every((list) => list.includes(item)));
}

function headerValue(request: ObservedRequest, name: string): string | undefined {
  const key = Object.keys(request.headers).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? undefined : request.headers[key];
}

/** The marker every request shares, or null when they look like plain fetches of the page (or there are none). */
export function dataRequestMarker(requests: readonly ObservedRequest[], linkPath: string): DataMarker | null {
  if (requests.length === 0) return null;
  const types = requests.map((request) => mediaType(headerValue(request, "accept")));
  const accept = types.every((type) => type !== null && type === types[0]) ? (types[0] ?? undefined) : undefined;

  const names = shared(requests.map(customHeaders)).sort();
  const name = names.includes(PREFERRED_HEADER) ? PREFERRED_HEADER : names[0];
  let header: DataMarker["header"];
  if (name !== undefined) {
    const values = new Set(requests.map((request) => headerValue(request, name)));
    const [value] = values;
    header = values.size === 1 && value !== undefined && value.length <= MAX_MARKER_VALUE_LENGTH ? { name, value } : { name };
  }

  const linkParams = new URL(linkPath, "http://x").searchParams;
  const query = shared(requests.map((request) => [...new URL(request.url).searchParams.keys()].filter((key) => !linkParams.has(key))))[0];

  if (accept === undefined && header === undefined && query === undefined) return null;
  return { ...(accept === undefined ? {} : { accept }), ...(header === undefined ? {} : { header }), ...(query === undefined ? {} : { query }) };
}
