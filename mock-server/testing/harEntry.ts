/** HAR entries for tests, as a browser's export writes them: `harEntry("GET", url, { status, text, … })`. */
import type { HarInputEntry } from "../replay/harInput.ts";

export interface EntryFields {
  readonly status?: number;
  readonly text?: string;
  readonly encoding?: string;
  readonly size?: number;
  readonly requestHeaders?: Record<string, string>;
  readonly responseHeaders?: readonly [string, string][];
  readonly postData?: string;
  readonly error?: string;
}

export function harEntry(method: string, url: string, fields: EntryFields = {}): HarInputEntry {
  const { status = 200, text, encoding, size, requestHeaders = {}, responseHeaders = [["content-type", "text/plain"]], postData, error } = fields;
  return {
    request: {
      method,
      url,
      headers: Object.entries(requestHeaders).map(([name, value]) => ({ name, value })),
      ...(postData === undefined ? {} : { postData: { mimeType: "text/plain", text: postData } }),
    },
    response: {
      status,
      statusText: "",
      headers: responseHeaders.map(([name, value]) => ({ name, value })),
      content: {
        size: size ?? text?.length ?? 0,
        mimeType: "text/plain",
        ...(text === undefined ? {} : { text }),
        ...(encoding === undefined ? {} : { encoding }),
      },
      ...(error === undefined ? {} : { _error: error }),
    },
  };
}

export function har(...entries: HarInputEntry[]) {
  return { log: { version: "1.2", creator: { name: "test", version: "1" }, entries } };
}
