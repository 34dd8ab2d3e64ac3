import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Request } from "express";
import { expect, onTestFinished, test } from "vitest";
import { REDACTED } from "../http/redactHeaders.ts";
import { MAX_HAR_ENTRIES } from "./harInput.ts";
import { HarRecorder, RecordFileError } from "./harRecorder.ts";
import { loadHarFile } from "./loadHar.ts";
import { type Exchange, MAX_RECORDED_BODY_BYTES, type recordedEntry } from "./recordedEntry.ts";
import { MAX_HELD_BODY_BYTES } from "./recordingTap.ts";
import { findReplay } from "./replayIndex.ts";

const TOKEN = "0123456789abcdef0123456789abcdef";

interface WrittenHar {
  readonly log: { readonly version: string; readonly comment?: string; readonly entries: ReturnType<typeof recordedEntry>[] };
}

function recorderForTest(controlToken?: string): { recorder: HarRecorder; read: () => WrittenHar } {
  const file = join(mkdtempSync(join(tmpdir(), "pck-record-")), "out.har");
  const recorder = new HarRecorder(file, { name: "test", version: "1" }, { controlToken });
  onTestFinished(() => recorder.close());
  return { recorder, read: () => JSON.parse(readFileSync(file, "utf8")) };
}

function exchange(fields: Partial<Exchange> = {}): Exchange {
  const body = fields.body === undefined ? Buffer.from("hello") : fields.body;
  return {
    started: new Date(0),
    durationMs: 3,
    method: "GET",
    url: "http://127.0.0.1:4173/app/",
    requestRawHeaders: ["Host", "127.0.0.1:4173", "Accept", "text/html"],
    requestBody: null,
    status: 200,
    statusText: "OK",
    responseRawHeaders: ["Content-Type", "text/html"],
    body,
    bodySize: body?.length ?? 0,
    ...fields,
  };
}

test("the file is a whole HAR from the start and after every entry", () => {
  const { recorder, read } = recorderForTest();
  expect(read()).toMatchObject({ log: { version: "1.2", creator: { name: "test" }, entries: [] } });
  recorder.add(exchange());
  expect(read().log.entries).toHaveLength(1);
  recorder.add(exchange({ url: "http://127.0.0.1:4173/app/b" }));
  expect(read().log.entries.map((entry) => entry.request.url)).toEqual(["http://127.0.0.1:4173/app/", "http://127.0.0.1:4173/app/b"]);
  expect(read().log.entries[0]?.response).toMatchObject({ status: 200, statusText: "OK", content: { size: 5, mimeType: "text/html", text: "hello" } });
});

test("keeps text as text and anything else as base64, and decodes a compressed body", () => {
  const { recorder, read } = recorderForTest();
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 255]);
  recorder.add(exchange({ responseRawHeaders: ["Content-Type", "image/png"], body: png }));
  recorder.add(exchange({ responseRawHeaders: ["Content-Type", "text/css", "Content-Encoding", "gzip"], body: gzipSync("b{}") }));
  const [image, css] = read().log.entries;
  expect(image?.response.content).toEqual({ size: 6, mimeType: "image/png", text: png.toString("base64"), encoding: "base64" });
  expect(css?.response.content).toEqual({ size: 3, mimeType: "text/css", text: "b{}" });
  // The header stays listed, as browsers' exports keep it; replay drops it (replayIndex.ts).
  expect(css?.response.headers).toContainEqual({ name: "Content-Encoding", value: "gzip" });
});

test("leaves out a body over the cap or in an unknown coding, says why, and replay passes the entry over", () => {
  const { recorder, read } = recorderForTest();
  recorder.add(exchange({ body: null, bodySize: MAX_RECORDED_BODY_BYTES + 1 }));
  recorder.add(exchange({ responseRawHeaders: ["Content-Encoding", "zstd"], body: Buffer.from("??") }));
  recorder.add(exchange({ responseRawHeaders: ["Content-Encoding", "gzip"], body: Buffer.from("not gzip") }));
  const contents = read().log.entries.map((entry) => entry.response.content);
  expect(contents).toEqual([
    { size: MAX_RECORDED_BODY_BYTES + 1, mimeType: "text/html", comment: `body not recorded: larger than ${MAX_RECORDED_BODY_BYTES} bytes` },
    { size: 2, mimeType: "x-unknown", comment: "body not recorded: its Content-Encoding 'zstd' is not one the recorder decodes (gzip, deflate, br)" },
    { size: 8, mimeType: "x-unknown", comment: "body not recorded: it did not decode as gzip" },
  ]);
  const replay = loadHarFile(recorder.file).index;
  expect(replay).toMatchObject({ total: 3, usable: 0, skipped: { noBody: 3 } });
  expect(findReplay(replay, { method: "GET", url: "/app/", headers: {}, body: null })).toBeUndefined();
});

test("redacts the control token everywhere and credentials by name, as the journal does", () => {
  const { recorder, read } = recorderForTest(TOKEN);
  recorder.add(
    exchange({
      url: `http://127.0.0.1:4173/app/?t=${TOKEN}`,
      requestRawHeaders: ["Authorization", "Bearer abc", "Cookie", "s=1", "X-Echo", TOKEN],
      requestBody: { bytes: Buffer.from(`token=${TOKEN}`), contentType: "application/x-www-form-urlencoded" },
      method: "POST",
      responseRawHeaders: ["Set-Cookie", "s=2", "Content-Type", "text/plain", "X-Echo", TOKEN],
      body: Buffer.from(`your token is ${TOKEN}`),
    }),
  );
  const text = readFileSync(recorder.file, "utf8");
  expect(text).not.toContain(TOKEN);
  const [entry] = read().log.entries;
  if (!entry) throw new Error("no entry written");
  expect(entry.request.url).toBe(`http://127.0.0.1:4173/app/?t=${REDACTED}`);
  expect(entry.request.headers).toEqual([
    { name: "Authorization", value: REDACTED },
    { name: "Cookie", value: REDACTED },
    { name: "X-Echo", value: REDACTED },
  ]);
  expect(entry.request.postData).toEqual({ mimeType: "application/x-www-form-urlencoded", text: `token=${REDACTED}` });
  expect(entry.response.headers).toContainEqual({ name: "Set-Cookie", value: REDACTED });
  expect(entry.response.content.text).toBe(`your token is ${REDACTED}`);
});

test("redacts the token in every spelling that decodes to it: one character escaped in the query, and in bodies kept as base64", () => {
  const { recorder, read } = recorderForTest(TOKEN);
  const escapedOnce = `%${TOKEN.charCodeAt(0).toString(16)}${TOKEN.slice(1)}`;
  const escapedTwice = `%25${TOKEN.charCodeAt(0).toString(16)}${TOKEN.slice(1)}`;
  recorder.add(exchange({ url: `http://127.0.0.1:4173/app/?t=${escapedOnce}&u=${escapedTwice}` }));
  recorder.add(
    exchange({ responseRawHeaders: ["Content-Type", "application/octet-stream"], body: Buffer.concat([Buffer.from([0, 255]), Buffer.from(TOKEN)]) }),
  );
  recorder.add(exchange({ responseRawHeaders: ["Content-Type", "application/x-ndjson"], body: Buffer.from(`{"token":"${TOKEN}"}\n{"n":1}\n`) }));
  const [query, binary, ndjson] = read().log.entries;
  expect(query?.request.queryString).toEqual([
    { name: "t", value: REDACTED },
    { name: "u", value: REDACTED },
  ]);
  expect(Buffer.from(binary?.response.content.text ?? "", "base64")).toEqual(Buffer.concat([Buffer.from([0, 255]), Buffer.from(REDACTED)]));
  expect(Buffer.from(ndjson?.response.content.text ?? "", "base64").toString()).toBe(`{"token":"${REDACTED}"}\n{"n":1}\n`);
  const decoded = read().log.entries.map((entry) => [entry.request.url, Buffer.from(entry.response.content.text ?? "", "base64").toString("latin1")]);
  for (const text of [readFileSync(recorder.file, "utf8"), decodeURIComponent(JSON.stringify(decoded))]) expect(text).not.toContain(TOKEN);
});

// 10,002 entries written one by one: over the default 5 s on a loaded 2-core machine (seen in CI beside a browser run).
test("stops at the most entries a HAR to replay may hold, and the file says how many it left out", { timeout: 60_000 }, () => {
  const { recorder, read } = recorderForTest();
  for (let i = 0; i < MAX_HAR_ENTRIES + 2; i++) recorder.add(exchange({ body: Buffer.alloc(0) }));
  expect(recorder.counts).toEqual({ entries: MAX_HAR_ENTRIES, notRecorded: 2, failed: null });
  const log = read().log;
  expect(log.entries).toHaveLength(MAX_HAR_ENTRIES);
  expect(log.comment).toMatch(/^pwa-conformance-kit: 2 exchange\(s\) not recorded: a recording holds at most 10000 entries/);
  expect(loadHarFile(recorder.file).index.total).toBe(MAX_HAR_ENTRIES);
});

test("refuses a file in a folder that does not exist, naming it", () => {
  expect(() => new HarRecorder("/no/such/folder/out.har", { name: "test", version: "1" })).toThrow(
    new RecordFileError("Failed to record to '/no/such/folder/out.har': its folder does not exist. Give the path of a file to write, in a folder that exists."),
  );
});

test("answers under way hold at most MAX_HELD_BODY_BYTES of body together: past it a body is left out and says why", async () => {
  const { recorder, read } = recorderForTest();
  const request = (url: string) =>
    ({ method: "GET", url, protocol: "http", headers: { host: "127.0.0.1" }, rawHeaders: ["Host", "127.0.0.1"] }) as unknown as Request;
  const answer = { statusCode: 200, statusMessage: "OK", rawHeaders: ["Content-Type", "application/octet-stream"] };
  // In a coding the recorder does not decode, so the held bodies are counted, not encoded into the file.
  const held = { ...answer, rawHeaders: [...answer.rawHeaders, "Content-Encoding", "zstd"] };
  const chunk = Buffer.alloc(MAX_RECORDED_BODY_BYTES);
  const full = MAX_HELD_BODY_BYTES / MAX_RECORDED_BODY_BYTES;
  const taps = Array.from({ length: full + 1 }, (_, i) => recorder.tap(request(`/${i}`), held));
  for (const tap of taps) tap.write(chunk);
  const ended = (tap: ReturnType<typeof recorder.tap>) => new Promise((resolve) => tap.end(resolve));
  await Promise.all(taps.map(ended));
  // Once the others ended, their bytes are free again.
  const after = recorder.tap(request("/after"), answer);
  after.write(Buffer.from("small"));
  await ended(after);
  const comments = read().log.entries.map((entry) => entry.response.content.comment);
  expect(comments[full]).toBe(`body not recorded: the recorder held ${MAX_HELD_BODY_BYTES} bytes of other answers under way`);
  expect(comments.slice(0, full)).not.toContain(comments[full]);
  expect(read().log.entries.at(-1)?.response.content).toMatchObject({ size: 5, text: Buffer.from("small").toString("base64") });
}, 30_000);
