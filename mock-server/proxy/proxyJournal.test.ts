/**
 * The journal in proxy mode keeps the upstream's response headers: Node keeps no
 * copy of headers given to `writeHead` itself, so the proxy sets them one by one first.
 */
import { expect, test } from "vitest";
import { createApp } from "../createApp.ts";
import { REDACTED } from "../http/redactHeaders.ts";
import { Har12 } from "../testing/harSchema.ts";
import { listenForTest } from "../testing/listen.ts";

test("a proxied response's headers are journaled, Set-Cookie redacted, and reach the client unchanged", async () => {
  const upstream = await listenForTest((_req, res) => {
    res.writeHead(200, { "content-type": "text/plain", "content-length": "5", "x-upstream": "yes", "set-cookie": ["a=1", "b=2"] });
    res.end("hello");
  });
  const mock = createApp({ upstream: upstream.origin });
  const { origin } = await listenForTest(mock.handler);
  const response = await fetch(`${origin}/page`);
  expect({ body: await response.text(), upstream: response.headers.get("x-upstream"), cookies: response.headers.getSetCookie() }).toEqual({
    body: "hello",
    upstream: "yes",
    cookies: ["a=1", "b=2"],
  });
  await expect.poll(() => mock.journal.list().entries.length).toBe(1);
  const [entry] = mock.journal.list().entries;
  expect(entry?.responseHeaders).toMatchObject({ "content-type": "text/plain", "x-upstream": "yes", "set-cookie": REDACTED });
  const har = Har12.parse(await (await fetch(`${origin}/__mock/journal.har`)).json());
  expect(har.log.entries[0]?.response.content).toEqual({ size: 5, mimeType: "text/plain" });
});
