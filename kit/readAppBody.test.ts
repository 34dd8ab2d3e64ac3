import { expect, test } from "vitest";
import { listenForTest } from "../mock-server/testing/listen.ts";
import { AppBodyError, MAX_APP_BODY_BYTES, readAppBody, readAppHead } from "./readAppBody.ts";

const TIMEOUT_MS = 10_000;

async function failure(promise: Promise<unknown>): Promise<AppBodyError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppBodyError)) throw new Error(`expected an AppBodyError, got ${String(error)}`);
  return error;
}

test("reads a body whole, following redirects on the app's origin and stopping at one to another", async () => {
  const app = await listenForTest((req, res) => {
    if (req.url === "/old") return void res.writeHead(301, { location: "/new" }).end();
    if (req.url === "/away") return void res.writeHead(302, { location: "http://192.0.2.1/x" }).end();
    res.writeHead(200, { "content-type": "application/manifest+json" }).end('{"name":"Notes"}');
  });
  const read = await readAppBody(`${app.origin}/old`, { timeoutMs: TIMEOUT_MS });
  expect({ ...read, bytes: read.bytes.toString() }).toEqual({ status: 200, contentType: "application/manifest+json", bytes: '{"name":"Notes"}' });
  expect((await readAppBody(`${app.origin}/away`, { timeoutMs: TIMEOUT_MS })).status).toBe(302);
});

test("a body past the cap, declared or streamed, is a message naming the URL and the cap", async () => {
  const app = await listenForTest((req, res) => {
    if (req.url === "/declared") return void res.writeHead(200, { "content-length": String(MAX_APP_BODY_BYTES + 1) }).end();
    res.writeHead(200);
    res.end(Buffer.alloc(101));
  });
  const declared = await failure(readAppBody(`${app.origin}/declared`, { timeoutMs: TIMEOUT_MS }));
  expect(declared.code).toBe("tooLarge");
  expect(declared.message).toBe(
    `Failed to read ${app.origin}/declared: its body is longer than ${MAX_APP_BODY_BYTES} bytes, the most the kit reads of one answer of the app. Check what the app serves there; a manifest, a page or a worker script is far smaller.`,
  );
  const streamed = await failure(readAppBody(`${app.origin}/streamed`, { timeoutMs: TIMEOUT_MS, maxBytes: 100 }));
  expect(streamed.message).toContain(`Failed to read ${app.origin}/streamed: its body is longer than 100 bytes`);
});

test("an answer that does not end in time, or no answer, is a message naming the URL", async () => {
  const app = await listenForTest((_req, res) => {
    res.writeHead(200);
    res.write("a start and nothing more");
  });
  const slow = await failure(readAppBody(`${app.origin}/slow`, { timeoutMs: 200 }));
  expect(slow.message).toBe(`Failed to read ${app.origin}/slow: its answer did not end within 200 ms. Check that the app answers there with a body that ends.`);
  await app.close();
  const gone = await failure(readAppBody(`${app.origin}/gone`, { timeoutMs: TIMEOUT_MS }));
  expect(gone.message).toBe(`Failed to read ${app.origin}/gone: ECONNREFUSED. Check that the app is running and answers there.`);
});

test("a head is read without the body, even one that never ends, after redirects on the app's origin", async () => {
  const app = await listenForTest((req, res) => {
    if (req.url === "/old-sw.js") return void res.writeHead(301, { location: "/sw.js" }).end();
    res.writeHead(200, { "content-type": "text/javascript", "cache-control": "no-cache" });
    res.write("// a start and nothing more");
  });
  const head = await readAppHead(`${app.origin}/old-sw.js`, { timeoutMs: TIMEOUT_MS });
  expect(head.status).toBe(200);
  expect(head.headers).toMatchObject({ "content-type": "text/javascript", "cache-control": "no-cache" });
});
