/**
 * Record and replay through the whole server: a recording proxy in front of a tiny upstream, then a
 * server with no upstream answering from the recording, with faults, deploys and the journal on top,
 * and the control API's `/__mock/replay`.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { expect, onTestFinished, test } from "vitest";
import { type AppOptions, createApp } from "../createApp.ts";
import { controlRequest } from "../testing/controlRequest.ts";
import { har, harEntry } from "../testing/harEntry.ts";
import { listenForTest } from "../testing/listen.ts";
import { rawRequest } from "../testing/rawExchange.ts";
import { startMock } from "../testing/startMock.ts";
import { HarRecorder } from "./harRecorder.ts";
import { harFromJson, loadHarFile } from "./loadHar.ts";

/** An app with a page, a gzipped script, a redirect and a worker script, counting what reaches it. */
async function startUpstream() {
  let hits = 0;
  const upstream = await listenForTest((req, res) => {
    hits++;
    if (req.url === "/app") {
      res.writeHead(301, { location: `http://${req.headers.host}/app/` });
      return void res.end();
    }
    if (req.url === "/app/app.js") {
      res.writeHead(200, { "content-type": "text/javascript", "content-encoding": "gzip" });
      return void res.end(gzipSync("console.log('app')"));
    }
    if (req.url === "/app/sw.js") {
      res.writeHead(200, { "content-type": "text/javascript" });
      return void res.end("// worker");
    }
    res.writeHead(200, { "content-type": "text/html", "x-app": "yes" });
    res.end(`<h1>${req.url}</h1>`);
  });
  return { ...upstream, hits: () => hits };
}

async function serve(options: AppOptions) {
  const mock = createApp({ basePath: "/app", ...options });
  const { origin } = await listenForTest(mock.handler);
  return { mock, origin };
}

/** Records GETs of `paths` through a recording proxy and returns the HAR file. */
async function record(upstreamOrigin: string, paths: readonly string[]): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), "pck-replay-")), "app.har");
  const recorder = new HarRecorder(file, { name: "test", version: "1" });
  onTestFinished(() => recorder.close());
  const { origin } = await serve({ upstream: upstreamOrigin, onUpstreamResponse: recorder.tap });
  for (const path of paths) await (await fetch(`${origin}${path}`, { redirect: "manual" })).arrayBuffer();
  // Each entry is written when the upstream's body ends, which may be just after the client's did.
  await expect.poll(() => recorder.counts.entries).toBe(paths.length);
  return file;
}

test("a recording answers the same requests with the upstream stopped: bodies decoded, redirects kept on this server", async () => {
  const upstream = await startUpstream();
  const file = await record(upstream.origin, ["/app/", "/app/app.js", "/app"]);
  await upstream.close();
  const { origin } = await serve({ replay: loadHarFile(file) });
  const page = await fetch(`${origin}/app/`);
  expect(page.status).toBe(200);
  expect(page.headers.get("x-app")).toBe("yes");
  expect(await page.text()).toBe("<h1>/app/</h1>");
  const script = await fetch(`${origin}/app/app.js`);
  expect(script.headers.get("content-encoding")).toBeNull();
  expect(await script.text()).toBe("console.log('app')");
  const redirect = await fetch(`${origin}/app`, { redirect: "manual" });
  expect(redirect.status).toBe(301);
  expect(redirect.headers.get("location")).toBe("/app/");
});

test("records what the upstream answered, not what a fault answered", async () => {
  const upstream = await startUpstream();
  const file = join(mkdtempSync(join(tmpdir(), "pck-replay-")), "app.har");
  const recorder = new HarRecorder(file, { name: "test", version: "1" });
  onTestFinished(() => recorder.close());
  const { origin } = await serve({ upstream: upstream.origin, onUpstreamResponse: recorder.tap });
  await controlRequest(origin, "POST", "/faults", { body: { path: "/app/broken", status: 500 } });
  await controlRequest(origin, "POST", "/faults", { body: { path: "/app/", responseHeaders: { "x-fault": "1" } } });
  expect((await fetch(`${origin}/app/broken`)).status).toBe(500);
  await (await fetch(`${origin}/app/`)).text();
  await expect.poll(() => recorder.counts.entries).toBe(1);
  const [entry] = JSON.parse(readFileSync(file, "utf8")).log.entries;
  expect(entry.request.url).toBe(`${origin}/app/`);
  expect(entry.response.headers.map((header: { name: string }) => header.name.toLowerCase())).not.toContain("x-fault");
});

test("records the worker script as the upstream sent it, without a deploy's suffix", async () => {
  const upstream = await startUpstream();
  const file = join(mkdtempSync(join(tmpdir(), "pck-replay-")), "app.har");
  const recorder = new HarRecorder(file, { name: "test", version: "1" });
  onTestFinished(() => recorder.close());
  const { origin } = await serve({ upstream: upstream.origin, onUpstreamResponse: recorder.tap });
  await controlRequest(origin, "POST", "/deploy");
  expect(await (await fetch(`${origin}/app/sw.js`)).text()).toBe("// worker\n// pwa-conformance-kit: deploy 1\n");
  await expect.poll(() => recorder.counts.entries).toBe(1);
  expect(JSON.parse(readFileSync(file, "utf8")).log.entries[0].response.content.text).toBe("// worker");
});

test("faults, the journal and deploys apply on top of the replay", async () => {
  const upstream = await startUpstream();
  const file = await record(upstream.origin, ["/app/", "/app/sw.js"]);
  const { origin } = await serve({ replay: loadHarFile(file) });
  await controlRequest(origin, "POST", "/faults", { body: { path: "/app/", status: 503, times: 1 } });
  expect((await fetch(`${origin}/app/`)).status).toBe(503);
  expect(await (await fetch(`${origin}/app/?v=2`)).text()).toBe("<h1>/app/</h1>");
  const { body } = await controlRequest(origin, "GET", "/journal");
  expect(body.entries.map((entry: { status: number; replayed: unknown }) => [entry.status, entry.replayed])).toEqual([
    [503, null],
    [200, { entry: 0, match: "path" }],
  ]);
  expect((await controlRequest(origin, "POST", "/deploy")).status).toBe(200);
  expect(await (await fetch(`${origin}/app/sw.js`)).text()).toBe("// worker\n// pwa-conformance-kit: deploy 1\n");
});

test("an unmatched request gets a 404 without an upstream, and the upstream's answer with one unless told 404", async () => {
  const upstream = await startUpstream();
  const replay = harFromJson(har(harEntry("GET", "http://elsewhere/app/", { text: "from the HAR" })), "one.har");
  const alone = await serve({ replay });
  const missed = await fetch(`${alone.origin}/app/other`);
  expect(missed.status).toBe(404);
  expect(((await missed.json()) as { error: unknown }).error).toMatchObject({ code: "REPLAY_UNMATCHED" });
  const proxied = await serve({ replay, upstream: upstream.origin });
  expect(await (await fetch(`${proxied.origin}/app/`)).text()).toBe("from the HAR");
  expect(await (await fetch(`${proxied.origin}/app/other`)).text()).toBe("<h1>/app/other</h1>");
  const strict = await serve({ replay, upstream: upstream.origin, replayUnmatched: "404" });
  expect((await fetch(`${strict.origin}/app/other`)).status).toBe(404);
  expect(() => createApp({ replay, replayUnmatched: "upstream" })).toThrow(/there is no upstream/);
});

test("POST /__mock/replay loads a HAR, GET shows it, DELETE stops it, and reset returns to the start", async () => {
  const upstream = await startUpstream();
  const { origin } = await serve({ upstream: upstream.origin });
  expect((await controlRequest(origin, "GET", "/replay")).body).toEqual({ replay: null });
  const posted = await controlRequest(origin, "POST", "/replay?name=mine.har&unmatched=404", {
    body: har(harEntry("GET", "http://x/app/", { text: "replayed" }), harEntry("GET", "http://x/app/gone", { status: 0, error: "net::ERR_FAILED" })),
  });
  expect(posted.status).toBe(200);
  const summary = {
    name: "mine.har",
    entries: 2,
    answering: 1,
    skipped: { failed: 1, informational: 0, notModified: 0, noBody: 0, bodyInOtherFile: 0, undecodable: 0 },
    bodyBytes: 8,
    unmatched: "404",
  };
  expect(posted.body).toEqual({ replay: summary });
  expect((await controlRequest(origin, "GET", "/replay")).body).toEqual({ replay: summary });
  expect(await (await fetch(`${origin}/app/`)).text()).toBe("replayed");
  expect((await fetch(`${origin}/app/gone`)).status).toBe(404);
  expect((await controlRequest(origin, "DELETE", "/replay")).status).toBe(204);
  expect(await (await fetch(`${origin}/app/`)).text()).toBe("<h1>/app/</h1>");
  await controlRequest(origin, "POST", "/replay", { body: har() });
  expect((await controlRequest(origin, "GET", "/replay")).body.replay).toMatchObject({ name: "posted HAR", unmatched: "upstream" });
  await controlRequest(origin, "POST", "/reset");
  expect((await controlRequest(origin, "GET", "/replay")).body).toEqual({ replay: null });
});

test("reset returns to the HAR the server started with", async () => {
  const { origin } = await serve({ replay: harFromJson(har(harEntry("GET", "http://x/app/", { text: "start" })), "start.har") });
  await controlRequest(origin, "POST", "/replay", { body: har(harEntry("GET", "http://x/app/", { text: "later" })) });
  expect(await (await fetch(`${origin}/app/`)).text()).toBe("later");
  await controlRequest(origin, "POST", "/reset");
  expect(await (await fetch(`${origin}/app/`)).text()).toBe("start");
  expect((await controlRequest(origin, "GET", "/replay")).body.replay).toMatchObject({ name: "start.har", unmatched: "404" });
});

test.each([
  ["a body that is not a HAR", "", { entries: [] }, "INVALID_REPLAY", /^Failed to load the HAR: body: log: must be an object with version and entries\.$/],
  ["a wrong version", "", { log: { version: "0.9", entries: [] } }, "INVALID_REPLAY", /log\.version: must be a HAR 1\.x version/],
  ["entries that are not a list", "", { log: { version: "1.2", entries: "x" } }, "INVALID_REPLAY", /log\.entries: must be a list of entries/],
  ["an unknown parameter", "?foo=1", har(), "INVALID_REPLAY", /\?foo is not a known parameter/],
  ["a bad unmatched", "?unmatched=pass", har(), "INVALID_REPLAY", /\?unmatched must be upstream or 404/],
  ["unmatched=upstream without an upstream", "?unmatched=upstream", har(), "INVALID_REPLAY", /needs an upstream/],
  ["an empty name", "?name=", har(), "INVALID_REPLAY", /\?name must be one text of 1 to 200 characters/],
  ["no body", "", undefined, "BODY_MISSING", /^Failed to load the HAR: the request has no body/],
])("POST /__mock/replay refuses %s with a 400 and changes nothing", async (_what, query, body, code, message) => {
  const { origin } = await serve({ replay: harFromJson(har(harEntry("GET", "http://x/app/", { text: "start" })), "start.har") });
  const before = (await controlRequest(origin, "GET", "/replay")).body;
  const answer = await controlRequest(origin, "POST", `/replay${query}`, body === undefined ? {} : { body });
  expect(answer.status).toBe(400);
  expect(answer.body.error.code).toBe(code);
  expect(answer.body.error.message).toMatch(message);
  expect((await controlRequest(origin, "GET", "/replay")).body).toEqual(before);
});

test("POST /__mock/replay refuses a body larger than a HAR may be", async () => {
  const { origin } = await serve({ replay: harFromJson(har(), "start.har") });
  const answer = await controlRequest(origin, "POST", "/replay", { body: `{"log":{"version":"1.2","entries":[],"x":"${"x".repeat(32 * 1024 * 1024)}"}}` });
  expect(answer.status).toBe(413);
  expect(answer.body.error.message).toBe(`Failed to read the request body: it is larger than ${32 * 1024 * 1024} bytes. Send a smaller body.`);
});

test("a server of the reference shell refuses a HAR: replay stands in for an app", async () => {
  const { origin } = await startMock();
  const answer = await controlRequest(origin, "POST", "/replay", { body: har() });
  expect(answer.status).toBe(409);
  expect(answer.body.error.code).toBe("REPLAY_UNAVAILABLE");
  expect((await controlRequest(origin, "GET", "/replay")).body).toEqual({ replay: null });
});

test("PUT /__mock/scenario refuses a replay file: the control API never reads the server's files", async () => {
  const { origin } = await serve({ replay: harFromJson(har(), "start.har") });
  const answer = await controlRequest(origin, "PUT", "/scenario", { body: { name: "s", replay: "/etc/passwd" } });
  expect(answer.status).toBe(400);
  expect(answer.body.error.message).toMatch(/^Failed to apply the scenario: body\.replay: the control API never reads the server's files/);
  expect((await controlRequest(origin, "GET", "/scenario")).body).toEqual({ scenario: null });
});

test("two requests pipelined on one connection get their own answers in order when the HAR holds a 1xx entry", async () => {
  const replay = harFromJson(
    har(
      harEntry("GET", "http://x/app/hint", { status: 103, responseHeaders: [["link", "</app/app.css>; rel=preload"]] }),
      harEntry("GET", "http://x/app/page", { text: "page" }),
    ),
    "hints.har",
  );
  const { origin } = await serve({ replay });
  const host = new URL(origin).host;
  const { bytes } = await rawRequest(
    origin,
    `GET /app/hint HTTP/1.1\r\nHost: ${host}\r\n\r\nGET /app/page HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
  );
  // A 103 sent as the first answer would leave the client taking the next one (the page's) for /app/hint's.
  expect([...bytes.toString("latin1").matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]))).toEqual([404, 200]);
});
