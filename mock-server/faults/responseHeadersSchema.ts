/**
 * `responseHeaders`: extra headers on the response a fault shapes (`Retry-After`, `Cache-Control`,
 * `Location`…), so a fault can look like a real server's. Checked here so that Node's own header
 * checks (which throw) never turn a bad fault into a 500 at request time.
 */
import { z } from "zod";
import { refusingProtoKey } from "./refusingProtoKey.ts";

export const MAX_RESPONSE_HEADERS = 20;
export const MAX_HEADER_VALUE_LENGTH = 1_000;

/** RFC 9110 §5.1: a header name is a token. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Visible ASCII, spaces and tabs: no line breaks (header injection), nothing Node would refuse. */
const FIELD_VALUE = /^[\t\x20-\x7e]*$/;

/**
 * Headers that frame the message or the connection: the server sets them from the body it really
 * sends, and a wrong one would make the client misread every later response on the connection.
 */
const FRAMING = new Set(["content-length", "transfer-encoding", "connection", "keep-alive", "upgrade", "trailer", "te"]);

export const ResponseHeaders = refusingProtoKey(
  z
    .record(z.string(), z.string({ error: "must be a string" }), { error: 'must be an object of header names and values, e.g. {"Retry-After": "2"}' })
    .superRefine((headers, ctx) => {
      const names = Object.keys(headers);
      if (names.length > MAX_RESPONSE_HEADERS) ctx.addIssue({ code: "custom", message: `must hold at most ${MAX_RESPONSE_HEADERS} headers` });
      const seen = new Set<string>();
      for (const name of names) {
        const lower = name.toLowerCase();
        if (!TOKEN.test(name)) ctx.addIssue({ code: "custom", path: [name], message: "is not a header name (letters, digits and !#$%&'*+-.^_`|~ only)" });
        else if (FRAMING.has(lower))
          ctx.addIssue({
            code: "custom",
            path: [name],
            message: "frames the message, so the server sets it from the body it sends (truncate cuts a body short)",
          });
        else if (seen.has(lower)) ctx.addIssue({ code: "custom", path: [name], message: "is given twice (header names ignore case)" });
        seen.add(lower);
        const value = headers[name] ?? "";
        if (value.length > MAX_HEADER_VALUE_LENGTH)
          ctx.addIssue({ code: "custom", path: [name], message: `must be at most ${MAX_HEADER_VALUE_LENGTH} characters` });
        else if (!FIELD_VALUE.test(value))
          ctx.addIssue({ code: "custom", path: [name], message: "may hold visible ASCII characters, spaces and tabs only (no line breaks)" });
      }
    }),
);

export type ResponseHeaders = z.output<typeof ResponseHeaders>;
