/**
 * The control token as the records show it: replaced by REDACTED wherever it appears in a URL, a
 * header, a body or a message, in every spelling that decodes to it. Any of its characters may be
 * percent-encoded (hex in either case), and that `%` encoded again (`%2561` for `a`): the journal's
 * HAR export decodes a query once (`queryString`), and a reader may decode again, so a token with a
 * single escaped character must not come out in clear. Bodies the records keep as base64 are
 * redacted before they are encoded (recordedEntry.ts).
 */
export const REDACTED = "[redacted]";

/** One token per server: the pattern for the last one asked, not one per token ever seen. */
let cached: { readonly token: string; readonly pattern: RegExp } | undefined;

const hexDigit = (digit: string) => (/[0-9]/.test(digit) ? digit : `[${digit.toUpperCase()}${digit.toLowerCase()}]`);

/** A character as itself or as `%XX`, with `%25` (an encoded `%`) before it any number of times. */
function spellings(character: string): string {
  const literal = character.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
  const encoded = [...Buffer.from(character, "utf8")].map((byte) => `%(?:25)*${[...byte.toString(16).padStart(2, "0")].map(hexDigit).join("")}`);
  return `(?:${literal}|${encoded.join("")})`;
}

function patternFor(token: string): RegExp {
  if (cached?.token !== token) cached = { token, pattern: new RegExp([...token].map(spellings).join(""), "g") };
  return cached.pattern;
}

export function redactToken(text: string, controlToken: string | undefined): string {
  if (controlToken === undefined || controlToken === "") return text;
  return text.replace(patternFor(controlToken), REDACTED);
}
