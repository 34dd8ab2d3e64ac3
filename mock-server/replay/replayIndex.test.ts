import { expect, test } from "vitest";
import { REDACTED } from "../http/redactHeaders.ts";
import { har, harEntry } from "../testing/harEntry.ts";
import { HarInput } from "./harInput.ts";
import { findReplay, indexHar, type ReplayRequest } from "./replayIndex.ts";

const index = (...entries: Parameters<typeof har>) => indexHar(HarInput.parse(har(...entries)));
const GET = (url: string, headers: ReplayRequest["headers"] = {}, body: string | null = null): ReplayRequest => ({ method: "GET", url, headers, body });
const answer = (found: ReturnType<typeof findReplay>) => found && { text: found.entry.body.toString(), match: found.match };

test("matches method and path on any origin, the query exactly first", () => {
  const replay = index(
    harEntry("GET", "https://app.example/app/?a=1", { text: "a" }),
    harEntry("GET", "https://app.example/app/", { text: "plain" }),
    harEntry("POST", "https://app.example/app/", { text: "posted" }),
  );
  expect(answer(findReplay(replay, GET("/app/?a=1")))).toEqual({ text: "a", match: "exact" });
  expect(answer(findReplay(replay, GET("/app/")))).toEqual({ text: "plain", match: "exact" });
  expect(answer(findReplay(replay, { ...GET("/app/"), method: "POST" }))).toEqual({ text: "posted", match: "exact" });
  expect(findReplay(replay, GET("/other"))).toBeUndefined();
  expect(findReplay(replay, { ...GET("/app/"), method: "DELETE" })).toBeUndefined();
});

test("answers a query no entry has from an entry of the same path, and says so", () => {
  const replay = index(harEntry("GET", "http://x/app/page", { text: "page" }));
  expect(answer(findReplay(replay, GET("/app/page?pck-settle=1-123")))).toEqual({ text: "page", match: "path" });
});

test("compares paths as the URL parser writes them: an encoded space is a space", () => {
  const replay = index(harEntry("GET", "http://x/app/a b", { text: "spaced" }));
  expect(answer(findReplay(replay, GET("/app/a%20b")))).toEqual({ text: "spaced", match: "exact" });
});

test("answers a HEAD from a GET's entry, whose length is the body's, and from a HEAD's without one", () => {
  const head = { ...GET("/a"), method: "HEAD" };
  expect(answer(findReplay(index(harEntry("GET", "http://x/a", { text: "a" }), harEntry("HEAD", "http://x/a")), head))).toEqual({ text: "a", match: "exact" });
  expect(findReplay(index(harEntry("HEAD", "http://x/a")), head)?.entry.method).toBe("HEAD");
});

test("among entries of one request: the same body first, then the most shared header values, then the newest", () => {
  const replay = index(
    harEntry("GET", "http://x/a", { text: "html", requestHeaders: { accept: "text/html" } }),
    harEntry("GET", "http://x/a", { text: "json", requestHeaders: { accept: "application/json" } }),
    harEntry("GET", "http://x/a", { text: "json, newer", requestHeaders: { accept: "application/json" } }),
  );
  expect(answer(findReplay(replay, GET("/a", { accept: "text/html" })))?.text).toBe("html");
  expect(answer(findReplay(replay, GET("/a", { accept: "application/json" })))?.text).toBe("json, newer");
  expect(answer(findReplay(replay, GET("/a")))?.text).toBe("json, newer");
  const posts = index(harEntry("POST", "http://x/p", { text: "one", postData: "1" }), harEntry("POST", "http://x/p", { text: "two", postData: "2" }));
  expect(answer(findReplay(posts, { method: "POST", url: "/p", headers: {}, body: "1" }))?.text).toBe("one");
});

test("passes over failed requests, 304s and entries whose body is not in the HAR, and counts them", () => {
  const replay = index(
    harEntry("GET", "http://x/failed", { status: 0, error: "net::ERR_FAILED" }),
    harEntry("GET", "http://x/failed", { status: 200, error: "net::ERR_ABORTED" }),
    harEntry("GET", "http://x/cached", { status: 304 }),
    harEntry("GET", "http://x/omitted", { size: 1200 }),
    harEntry("GET", "http://x/odd", { text: "x", encoding: "quoted-printable" }),
    { ...harEntry("GET", "http://x/attached"), response: { ...harEntry("GET", "http://x/attached").response, content: { size: 10, _file: "a.bin" } } },
    harEntry("GET", "http://x/empty", { status: 204 }),
  );
  expect(replay).toMatchObject({ total: 7, usable: 1, skipped: { failed: 2, notModified: 1, noBody: 1, undecodable: 1, bodyInOtherFile: 1 } });
  for (const path of ["/failed", "/cached", "/omitted", "/odd", "/attached"]) expect(findReplay(replay, GET(path))).toBeUndefined();
  expect(findReplay(replay, GET("/empty"))?.entry.status).toBe(204);
});

test("passes over 1xx entries (a 101 handshake of a browser's export, a 103 Early Hints): none is a final answer", () => {
  const replay = index(
    harEntry("GET", "http://x/live", { status: 101 }),
    harEntry("GET", "http://x/page", { status: 103, responseHeaders: [["link", "</app.css>; rel=preload"]] }),
    harEntry("POST", "http://x/upload", { status: 100 }),
    harEntry("GET", "http://x/page", { status: 200, text: "page" }),
  );
  expect(replay).toMatchObject({ total: 4, usable: 1, skipped: { informational: 3, failed: 0 } });
  expect(findReplay(replay, GET("/live"))).toBeUndefined();
  expect(findReplay(replay, { method: "POST", url: "/upload", headers: {}, body: null })).toBeUndefined();
  expect(answer(findReplay(replay, GET("/page")))).toEqual({ text: "page", match: "exact" });
});

test("decodes base64 content", () => {
  const bytes = Buffer.from([0, 1, 2, 255]);
  const found = findReplay(index(harEntry("GET", "http://x/b", { text: bytes.toString("base64"), encoding: "base64" })), GET("/b"));
  expect(found?.entry.body).toEqual(bytes);
});

test("answers without the wire's headers, pseudo-headers, unsendable values and redacted credentials; a Location on the recorded origin goes relative", () => {
  const replay = index(
    harEntry("GET", "https://app.example:8443/a", {
      status: 301,
      text: "",
      responseHeaders: [
        [":status", "301"],
        ["Content-Encoding", "br"],
        ["content-length", "999"],
        ["transfer-encoding", "chunked"],
        ["location", "https://app.example:8443/a/?q=1"],
        ["set-cookie", REDACTED],
        ["set-cookie", "theme=dark"],
        ["x-bad", "line\nbreak"],
        ["x-kept", "yes"],
      ],
    }),
    harEntry("GET", "https://app.example:8443/b", { status: 302, responseHeaders: [["location", "https://elsewhere.example/b"]] }),
  );
  expect(findReplay(replay, GET("/a"))?.entry.headers).toEqual([
    ["location", "/a/?q=1"],
    ["set-cookie", "theme=dark"],
    ["x-kept", "yes"],
  ]);
  expect(findReplay(replay, GET("/b"))?.entry.headers).toEqual([["location", "https://elsewhere.example/b"]]);
});
