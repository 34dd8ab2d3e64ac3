/**
 * The control token as the records show it: replaced by REDACTED wherever it appears in a URL, a
 * header or a message, as sent or percent-encoded (a token's `+`, `/` and `=` are escaped in a query,
 * and the HAR export decodes the query again).
 */
export const REDACTED = "[redacted]";

export function redactToken(text: string, controlToken: string | undefined): string {
  if (controlToken === undefined) return text;
  let redacted = text.replaceAll(controlToken, REDACTED);
  const encoded = encodeURIComponent(controlToken);
  if (encoded !== controlToken)
    redacted = redacted.replaceAll(encoded, REDACTED).replaceAll(
      encoded.replace(/%[0-9A-F]{2}/g, (percent) => percent.toLowerCase()),
      REDACTED,
    );
  return redacted;
}
