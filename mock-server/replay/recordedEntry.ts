/**
 * One exchange with the upstream as `--record` writes it: a HAR 1.2 entry whose response content is
 * the body the upstream sent, decoded (HAR's `content.text` is the decoded body; the
 * Content-Encoding header stays listed, as browsers' exports keep it), as text when it is text and
 * base64 otherwise (`content.encoding`). Like the journal (redactHeaders.ts), the control token is
 * redacted everywhere and credentials (Authorization, Cookie, Set-Cookie) are shown as REDACTED, as
 * Chromium's default "sanitized" HAR export does: recordings get shared.
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { isSecretHeader, REDACTED } from "../http/redactHeaders.ts";
import { redactToken } from "../http/redactToken.ts";

/**
 * The most bytes of one body a recording keeps, decoded; a larger body is left out and its entry
 * says so (`content.comment`), and replay passes such an entry over (replayIndex.ts). Far above a
 * page or a script bundle; a video would not fit.
 */
export const MAX_RECORDED_BODY_BYTES = 4 * 1024 * 1024;

export interface RecordedHeader {
  readonly name: string;
  readonly value: string;
}

export interface RecordedContent {
  readonly size: number;
  readonly mimeType: string;
  readonly text?: string;
  readonly encoding?: "base64";
  readonly comment?: string;
}

export interface Exchange {
  readonly started: Date;
  readonly durationMs: number;
  readonly method: string;
  /** `http://host/path?query` as the client asked this server. */
  readonly url: string;
  /** As sent, in pairs: `req.rawHeaders`. */
  readonly requestRawHeaders: readonly string[];
  /** The request's body when the server read all of it (keptBody.ts). */
  readonly requestBody: { readonly bytes: Buffer; readonly contentType: string | null } | null;
  readonly status: number;
  readonly statusText: string;
  readonly responseRawHeaders: readonly string[];
  /** The body's bytes as they came (still encoded), or null when it was not kept (`whyNoBody`). */
  readonly body: Buffer | null;
  /** Why the body was not kept; by default, it passed MAX_RECORDED_BODY_BYTES. */
  readonly whyNoBody?: string;
  /** How many bytes came, kept or not. */
  readonly bodySize: number;
}

const TEXTUAL =
  /^(text\/|application\/(json|[\w.+-]+\+json|x-www-form-urlencoded|xml|[\w.+-]+\+xml|javascript|ecmascript|graphql|manifest\+json)|image\/svg\+xml)/i;

function headerPairs(raw: readonly string[], controlToken: string | undefined): RecordedHeader[] {
  const pairs: RecordedHeader[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string;
    pairs.push({ name, value: isSecretHeader(name) ? REDACTED : redactToken(raw[i + 1] as string, controlToken) });
  }
  return pairs;
}

function headerValue(raw: readonly string[], wanted: string): string | undefined {
  for (let i = 0; i + 1 < raw.length; i += 2) if ((raw[i] as string).toLowerCase() === wanted) return raw[i + 1];
  return undefined;
}

/** The body decoded, or why it cannot be: zlib's own limit keeps a small bomb from filling memory. */
function decoded(body: Buffer, contentEncoding: string | undefined): Buffer | string {
  const codings = (contentEncoding ?? "")
    .split(",")
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== "" && coding !== "identity");
  const options = { maxOutputLength: MAX_RECORDED_BODY_BYTES };
  let bytes = body;
  try {
    for (const coding of codings.reverse()) {
      if (coding === "gzip" || coding === "x-gzip") bytes = gunzipSync(bytes, options);
      else if (coding === "deflate") bytes = inflateSync(bytes, options);
      else if (coding === "br") bytes = brotliDecompressSync(bytes, options);
      else return `not recorded: its Content-Encoding '${coding}' is not one the recorder decodes (gzip, deflate, br)`;
    }
  } catch (error) {
    const tooLarge = (error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE" || error instanceof RangeError;
    return tooLarge ? `not recorded: larger than ${MAX_RECORDED_BODY_BYTES} bytes decoded` : `not recorded: it did not decode as ${contentEncoding}`;
  }
  return bytes;
}

function isText(bytes: Buffer, contentType: string | undefined): boolean {
  if (contentType !== undefined) return TEXTUAL.test(contentType.trim());
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The response's content; `keepBody` false leaves the body out (the recording's total cap, harRecorder.ts). */
export function recordedContent(exchange: Exchange, controlToken: string | undefined, keepBody = true): RecordedContent {
  const contentType = headerValue(exchange.responseRawHeaders, "content-type");
  const mimeType = contentType ?? "x-unknown";
  if (exchange.body === null)
    return { size: exchange.bodySize, mimeType, comment: `body not recorded: ${exchange.whyNoBody ?? `larger than ${MAX_RECORDED_BODY_BYTES} bytes`}` };
  const body = decoded(exchange.body, headerValue(exchange.responseRawHeaders, "content-encoding"));
  // Size stays above 0 for a body left out, so replay knows there was one.
  if (typeof body === "string") return { size: Math.max(exchange.bodySize, 1), mimeType, comment: `body ${body}` };
  if (!keepBody && body.length > 0) return { size: body.length, mimeType, comment: "body not recorded: the recording reached its size limit" };
  if (isText(body, contentType)) return { size: body.length, mimeType, text: redactToken(body.toString("utf8"), controlToken) };
  // Redacted before base64 hides it: latin1 maps each byte to one character and back unchanged.
  const bytes = controlToken === undefined ? body : Buffer.from(redactToken(body.toString("latin1"), controlToken), "latin1");
  return { size: body.length, mimeType, text: bytes.toString("base64"), encoding: "base64" };
}

/** The HAR entry; `content` from recordedContent. */
export function recordedEntry(exchange: Exchange, content: RecordedContent, controlToken: string | undefined) {
  const url = redactToken(exchange.url, controlToken);
  const requestBody = exchange.requestBody;
  const requestText =
    requestBody !== null && isText(requestBody.bytes, requestBody.contentType ?? undefined)
      ? redactToken(requestBody.bytes.toString("utf8"), controlToken)
      : null;
  return {
    startedDateTime: exchange.started.toISOString(),
    time: exchange.durationMs,
    request: {
      method: exchange.method,
      url,
      httpVersion: "HTTP/1.1",
      cookies: [],
      headers: headerPairs(exchange.requestRawHeaders, controlToken),
      queryString: [...new URL(url).searchParams].map(([name, value]) => ({ name, value })),
      headersSize: -1,
      bodySize: requestBody?.bytes.length ?? 0,
      ...(requestText === null ? {} : { postData: { mimeType: requestBody?.contentType ?? "", text: requestText } }),
    },
    response: {
      status: exchange.status,
      statusText: exchange.statusText,
      httpVersion: "HTTP/1.1",
      cookies: [],
      headers: headerPairs(exchange.responseRawHeaders, controlToken),
      content,
      redirectURL: headerValue(exchange.responseRawHeaders, "location") ?? "",
      headersSize: -1,
      bodySize: exchange.bodySize,
    },
    cache: {},
    timings: { send: 0, wait: 0, receive: exchange.durationMs },
  };
}
