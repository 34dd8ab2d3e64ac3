/** One request to the control API, with the answer's status and parsed JSON body (null when empty). */

export interface ControlAnswer {
  readonly status: number;
  readonly headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever shape the route answers.
  readonly body: any;
}

export interface ControlRequest {
  /** JSON-encoded unless it is already a string (sent as is, to test malformed bodies). */
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

export async function controlRequest(origin: string, method: string, path: string, { body, headers = {} }: ControlRequest = {}): Promise<ControlAnswer> {
  const hasBody = body !== undefined;
  const response = await fetch(`${origin}/__mock${path}`, {
    method,
    headers: { ...(hasBody ? { "content-type": "application/json" } : {}), ...headers },
    body: hasBody ? (typeof body === "string" ? body : JSON.stringify(body)) : null,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === "" ? null : JSON.parse(text) };
}
