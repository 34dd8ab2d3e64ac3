/**
 * HTTP/2 upstreams, which node:http could not reach: an https:// dev server that speaks only h2
 * (chosen by ALPN, as Vite's does with `server.https`) and an http:// one that speaks only h2c.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { request } from "node:http";
import {
  createSecureServer,
  createServer,
  type Http2Server,
  type Http2ServerRequest,
  type Http2ServerResponse,
  type ServerHttp2Session,
  type ServerHttp2Stream,
} from "node:http2";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, onTestFinished, test } from "vitest";
import { createApp } from "../createApp.ts";
import { tlsCredentials } from "../process/tlsCredentials.ts";
import { HarRecorder } from "../replay/harRecorder.ts";
import { listenForTest } from "../testing/listen.ts";
import type { UpstreamConnection } from "./upstreamDispatcher.ts";

function answer(req: Http2ServerRequest, res: Http2ServerResponse): void {
  let body = "";
  req.setEncoding("utf8");
  req.on("data", (chunk: string) => {
    body += chunk;
  });
  req.on("end", () => {
    res.writeHead(200, { "content-type": "application/json", "x-upstream-version": req.httpVersion });
    res.end(JSON.stringify({ method: req.method, path: req.url, authority: req.authority, body }));
  });
}

/** Listens on 127.0.0.1:0; at the test's end closes, ending the sessions the proxy keeps open to it. */
async function listenH2(server: Http2Server): Promise<number> {
  const sessions = new Set<ServerHttp2Session>();
  server.on("session", (session: ServerHttp2Session) => {
    sessions.add(session);
    session.on("close", () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const session of sessions) session.destroy();
      }),
  );
  return (server.address() as AddressInfo).port;
}

async function proxyTo(upstream: string, connection: UpstreamConnection) {
  const mock = createApp({ upstream, upstreamConnection: connection });
  const proxy = await listenForTest(mock.handler);
  return { mock, origin: proxy.origin };
}

test("reaches an https:// upstream that speaks only HTTP/2, forwarding method, path, Host and body", async () => {
  const { key, cert } = await tlsCredentials({}, "127.0.0.1");
  const server = createSecureServer({ key, cert, allowHTTP1: false }, answer);
  const port = await listenH2(server);
  const { mock, origin } = await proxyTo(`https://127.0.0.1:${port}`, { insecure: true });
  const response = await fetch(`${origin}/app/items?x=1`, { method: "POST", body: "hello" });
  expect(response.status).toBe(200);
  expect(response.headers.get("x-upstream-version")).toBe("2.0");
  expect(await response.json()).toEqual({ method: "POST", path: "/app/items?x=1", authority: new URL(origin).host, body: "hello" });
  expect(mock.journal.list().entries.at(-1)).toMatchObject({ url: "/app/items?x=1", status: 200 });
});

test("reaches an http:// upstream that speaks only h2c with --upstream-http2", async () => {
  const port = await listenH2(createServer(answer));
  const { origin } = await proxyTo(`http://127.0.0.1:${port}`, { http2: true });
  const response = await fetch(`${origin}/app/`);
  expect(response.headers.get("x-upstream-version")).toBe("2.0");
  expect(await response.json()).toMatchObject({ method: "GET", path: "/app/" });
});

test("an https:// upstream whose certificate is not trusted is a 502 that says how to trust it", async () => {
  const { key, cert } = await tlsCredentials({}, "127.0.0.1");
  const port = await listenH2(createSecureServer({ key, cert, allowHTTP1: true }, answer));
  const { origin } = await proxyTo(`https://127.0.0.1:${port}`, {});
  const response = await fetch(`${origin}/app/`);
  expect(response.status).toBe(502);
  expect(await response.text()).toContain("its TLS certificate is not trusted here. For a dev server's own certificate pass --upstream-insecure");
});

test("an h2c-only upstream reached over HTTP/1.1 is a 502, not a hang", async () => {
  const port = await listenH2(createServer(answer));
  const { origin } = await proxyTo(`http://127.0.0.1:${port}`, {});
  const response = await fetch(`${origin}/app/`);
  expect(response.status).toBe(502);
});

/**
 * An upstream that sends the head and a first piece of body, then resets the stream (RST_STREAM
 * with NO_ERROR, before any END_STREAM: what `stream.destroy()` sends) once `cut` is called.
 */
function cutMidBody(cuts: Array<() => void>, head: Record<string, string> = {}) {
  return (stream: ServerHttp2Stream) => {
    stream.on("error", () => {});
    stream.respond({ ":status": 200, "content-type": "text/plain", ...head });
    stream.write("first piece;");
    cuts.push(() => stream.destroy());
  };
}

/** GET `url` over HTTP/1.1; once the first body bytes come, calls `firstBytes`; resolves with what the client saw. */
function readToTheEnd(url: string, firstBytes: () => void): Promise<{ body: string; complete: boolean }> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        if (body === "") firstBytes();
        body += chunk;
      });
      res.on("error", () => {});
      res.on("close", () => resolve({ body, complete: res.complete }));
    });
    req.on("error", () => resolve({ body: "", complete: false }));
    req.end();
  });
}

for (const variant of ["h2c", "h2 over TLS"] as const) {
  test(`an ${variant} upstream that resets a stream part-way through the body cuts the client's connection, journals upstream-reset and records nothing`, async () => {
    const cuts: Array<() => void> = [];
    let server: Http2Server;
    let connection: UpstreamConnection;
    if (variant === "h2c") {
      server = createServer();
      connection = { http2: true };
    } else {
      const { key, cert } = await tlsCredentials({}, "127.0.0.1");
      server = createSecureServer({ key, cert, allowHTTP1: false });
      connection = { insecure: true };
    }
    server.on("stream", cutMidBody(cuts));
    const port = await listenH2(server);
    const file = join(mkdtempSync(join(tmpdir(), "pck-h2-reset-")), "out.har");
    const recorder = new HarRecorder(file, { name: "test", version: "1" });
    onTestFinished(() => recorder.close());
    const mock = createApp({
      upstream: `${variant === "h2c" ? "http" : "https"}://127.0.0.1:${port}`,
      upstreamConnection: connection,
      onUpstreamResponse: recorder.tap,
    });
    const proxy = await listenForTest(mock.handler);
    const seen = await readToTheEnd(`${proxy.origin}/app/feed`, () => cuts.shift()?.());
    expect(seen).toEqual({ body: "first piece;", complete: false });
    await expect.poll(() => mock.journal.list().entries.length).toBe(1);
    expect(mock.journal.list().entries[0]).toMatchObject({ url: "/app/feed", status: 200, outcome: "upstream-reset" });
    expect(JSON.parse(readFileSync(file, "utf8")).log.entries).toEqual([]);
  });
}

test("a reset after every byte the answer's Content-Length declared passes as the whole answer", async () => {
  const cuts: Array<() => void> = [];
  const server = createServer();
  server.on("stream", cutMidBody(cuts, { "content-length": String("first piece;".length) }));
  const port = await listenH2(server);
  const file = join(mkdtempSync(join(tmpdir(), "pck-h2-reset-")), "out.har");
  const recorder = new HarRecorder(file, { name: "test", version: "1" });
  onTestFinished(() => recorder.close());
  const mock = createApp({ upstream: `http://127.0.0.1:${port}`, upstreamConnection: { http2: true }, onUpstreamResponse: recorder.tap });
  const proxy = await listenForTest(mock.handler);
  const seen = await readToTheEnd(`${proxy.origin}/app/whole`, () => cuts.shift()?.());
  expect(seen).toEqual({ body: "first piece;", complete: true });
  await expect.poll(() => mock.journal.list().entries.length).toBe(1);
  expect(mock.journal.list().entries[0]).toMatchObject({ url: "/app/whole", status: 200, outcome: "completed" });
  expect(JSON.parse(readFileSync(file, "utf8")).log.entries).toHaveLength(1);
});
