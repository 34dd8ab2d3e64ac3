/**
 * Verification over real HTTP: journal filters and their count, request and response
 * headers in entries with secrets redacted, near-misses, and the journal as HAR 1.2.
 */
import { describe, expect } from "vitest";
import { DATA_ACCEPT } from "../../src/core/page.ts";
import type { ErrorBody } from "../http/httpError.ts";
import { REDACTED } from "../http/redactHeaders.ts";
import type { JournalEntry } from "../journal/journal.ts";
import type { NearMissReport } from "../journal/journalQuery.ts";
import { Har12 } from "../testing/harSchema.ts";
import { type TestServer, test } from "../testing/testServer.ts";
import { createControlClient } from "./controlClient.ts";

/** Requests one at a time, each journaled before the next: ids and order are then known. */
async function visit(server: TestServer, path: string, init?: RequestInit): Promise<JournalEntry> {
  const before = server.app.journal.list().entries.at(-1)?.id ?? 0;
  await (await server.fetch(path, init).catch(() => undefined))?.arrayBuffer();
  return server.journalEntry((entry) => entry.id > before);
}

async function journalUrls(server: TestServer, search: string): Promise<string[]> {
  const response = await server.control("GET", `/journal${search}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { entries: JournalEntry[] }).entries.map((entry) => `${entry.method} ${entry.url}`);
}

/** Three documents, a data request with a 404 fault, a HEAD and a 500 fault with its digest. */
async function mixedJournal(server: TestServer): Promise<{ notFound: string; serverError: string; digest: string }> {
  const notFound = (await server.addFault({ path: "/app/pages/2", representation: "data", status: 404 })).id;
  const serverError = (await server.addFault({ path: "/app/pages/3", status: 500 })).id;
  await visit(server, "/app/pages/1");
  await visit(server, "/app/pages/2", { headers: { accept: DATA_ACCEPT } });
  await visit(server, "/app/pages/1?tab=x", { method: "HEAD" });
  const digest = (await visit(server, "/app/pages/3")).digest ?? "";
  await visit(server, "/app/");
  return { notFound, serverError, digest };
}

describe("journal filters", () => {
  test("path (a glob, the query aside), method, status, fault, digest and after each narrow the list", async ({ server }) => {
    const { notFound, serverError, digest } = await mixedJournal(server);
    expect(await journalUrls(server, "?path=/app/pages/*")).toEqual(["GET /app/pages/1", "GET /app/pages/2", "HEAD /app/pages/1?tab=x", "GET /app/pages/3"]);
    expect(await journalUrls(server, "?path=/app/pages/1")).toEqual(["GET /app/pages/1", "HEAD /app/pages/1?tab=x"]);
    expect(await journalUrls(server, "?method=HEAD")).toEqual(["HEAD /app/pages/1?tab=x"]);
    expect(await journalUrls(server, "?status=404")).toEqual(["GET /app/pages/2"]);
    expect(await journalUrls(server, "?status=5xx")).toEqual(["GET /app/pages/3"]);
    expect(await journalUrls(server, `?fault=${notFound}`)).toEqual(["GET /app/pages/2"]);
    expect(await journalUrls(server, "?fault=none&method=GET")).toEqual(["GET /app/pages/1", "GET /app/"]);
    expect(await journalUrls(server, `?digest=${digest}`)).toEqual(["GET /app/pages/3"]);
    expect(await journalUrls(server, `?fault=${serverError}&status=404`)).toEqual([]);
    const third = server.app.journal.list().entries[2]?.id ?? Number.NaN;
    expect(await journalUrls(server, `?after=${third}`)).toEqual(["GET /app/pages/3", "GET /app/"]);
  });

  test("status=none finds the requests that got no response", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", drop: true });
    await visit(server, "/app/pages/1");
    await visit(server, "/app/pages/2");
    expect(await journalUrls(server, "?status=none")).toEqual(["GET /app/pages/1"]);
  });

  test("GET /journal/count answers how many entries match, without them", async ({ server }) => {
    await mixedJournal(server);
    const response = await server.control("GET", "/journal/count?path=/app/pages/**&method=GET");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ count: 3, dropped: 0 });
  });

  test("the typed client sends the same filters", async ({ server }) => {
    const { notFound } = await mixedJournal(server);
    const client = createControlClient(server.origin);
    expect((await client.journal({ fault: notFound })).entries.map((entry) => entry.url)).toEqual(["/app/pages/2"]);
    expect(await client.countJournal({ path: "/app/pages/*", status: "2xx" })).toEqual({ count: 2, dropped: 0 });
    expect((await client.journalHar({ status: 500 })).log.entries.map((entry) => entry.response.status)).toEqual([500]);
  });

  for (const { search, message } of [
    { search: "?status=abc", message: "status: must be a status code (404), a class (5xx) or none (no response)" },
    { search: "?status=600", message: "status: must be a status code (404), a class (5xx) or none (no response)" },
    { search: "?after=-1", message: "after: must be a journal entry id (0 or more)" },
    { search: "?path=app/*", message: "path: must start with '/'" },
    { search: "?method=get", message: "method: must be a method in capitals, e.g. GET" },
    { search: "?method=GET&method=HEAD", message: "method: must be given once" },
    { search: "?fault=f1%20f2", message: "fault: must be a fault id (f1), request, or none" },
    { search: "?stauts=404", message: "stauts: is not a filter (use path, method, status, fault, digest, after)" },
  ]) {
    test(`GET /journal${search} answers 400 naming the parameter`, async ({ server }) => {
      await visit(server, "/app/pages/1");
      for (const route of ["/journal", "/journal/count", "/journal.har", "/near-misses"]) {
        const response = await server.control("GET", `${route}${search}`);
        expect(response.status).toBe(400);
        expect(((await response.json()) as ErrorBody).error).toEqual({ code: "INVALID_JOURNAL_QUERY", message: `Failed to read the journal: ${message}.` });
      }
      expect(server.app.journal.list().entries).toHaveLength(1);
    });
  }
});

describe("headers in journal entries", () => {
  test("an entry keeps the request's and the response's headers", async ({ server }) => {
    const entry = await visit(server, "/app/pages/1?_rsc=1", { headers: { RSC: "1", "X-Variant": "b" } });
    expect(entry.requestHeaders).toMatchObject({ rsc: "1", "x-variant": "b", host: new URL(server.origin).host });
    expect(entry.responseHeaders["content-type"]).toMatch(/^text\/html/);
  });

  test("Authorization, Cookie and Proxy-Authorization are redacted, and so is the control token anywhere", async ({ serve }) => {
    const token = "0123456789abcdef0123";
    const server = await serve({ controlToken: token });
    const entry = await visit(server, "/app/pages/1", {
      headers: { authorization: "Bearer secret", cookie: "session=secret", "proxy-authorization": "Basic c2VjcmV0", "x-debug": `token=${token};` },
    });
    expect(entry.requestHeaders).toMatchObject({
      authorization: REDACTED,
      cookie: REDACTED,
      "proxy-authorization": REDACTED,
      "x-debug": `token=${REDACTED};`,
    });
    expect(JSON.stringify(server.app.journal.list())).not.toMatch(/secret|c2VjcmV0|0123456789abcdef0123/);
  });
});

describe("near-misses", () => {
  async function nearMisses(server: TestServer, search = ""): Promise<NearMissReport[]> {
    const response = await server.control("GET", `/near-misses${search}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { nearMisses: NearMissReport[] }).nearMisses;
  }

  test("a request that matched no fault lists the fault whose path it matched, and which field differed", async ({ server }) => {
    const fault = await server.addFault({ path: "/app/pages/*", headers: { rsc: "1" }, query: { _rsc: { present: true } }, status: 500 });
    const entry = await visit(server, "/app/pages/1?_rsc=x", { headers: { rsc: "2" } });
    expect(entry.fault).toBeNull();
    expect(await nearMisses(server)).toEqual([
      {
        request: { id: entry.id, time: entry.time, method: "GET", url: "/app/pages/1?_rsc=x" },
        fault: fault.id,
        differences: [{ field: "headers.rsc", expected: "1", actual: "2" }],
      },
    ]);
  });

  test("a method, a representation and a missing parameter are named the same way", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", methods: ["HEAD"], representation: "data", query: { v: { pattern: "^[0-9]+$" } }, status: 404 });
    await visit(server, "/app/pages/1");
    expect((await nearMisses(server))[0]?.differences).toEqual([
      { field: "methods", expected: ["HEAD"], actual: "GET" },
      { field: "representation", expected: "data", actual: "document" },
      { field: "query.v", expected: { pattern: "^[0-9]+$" }, actual: null },
    ]);
  });

  test("a path that differs only in case or by a trailing slash is near, and says so", async ({ server }) => {
    const fault = await server.addFault({ path: "/app/pages/*", status: 404 });
    await visit(server, "/APP/pages/1");
    await visit(server, "/app/pages/1/");
    expect((await nearMisses(server)).map((row) => [row.fault, row.differences])).toEqual([
      [fault.id, [{ field: "path", expected: "/app/pages/*", actual: "/APP/pages/1", note: "differs only in letter case" }]],
      [fault.id, [{ field: "path", expected: "/app/pages/*", actual: "/app/pages/1/", note: "differs only by a trailing slash" }]],
    ]);
  });

  test("a fault about another path is no near-miss, and a matched request has none", async ({ server }) => {
    await server.addFault({ path: "/app/pages/2", status: 404 });
    await server.addFault({ path: "/app/pages/3", headers: { rsc: "1" }, status: 404 });
    await visit(server, "/app/pages/1");
    await visit(server, "/app/pages/2");
    expect(await nearMisses(server)).toEqual([]);
  });

  test("?fault= keeps the near-misses of that fault, and the other filters pick the requests", async ({ server }) => {
    const first = await server.addFault({ path: "/app/pages/*", headers: { rsc: "1" }, status: 404 });
    const second = await server.addFault({ path: "/app/pages/*", methods: ["HEAD"], status: 404 });
    await visit(server, "/app/pages/1");
    await visit(server, "/app/pages/2");
    expect((await nearMisses(server, `?fault=${first.id}`)).map((row) => [row.request.url, row.fault])).toEqual([
      ["/app/pages/1", first.id],
      ["/app/pages/2", first.id],
    ]);
    expect((await nearMisses(server, "?path=/app/pages/2")).map((row) => row.fault)).toEqual([second.id, first.id]);
    expect(await createControlClient(server.origin).nearMisses({ fault: second.id, path: "/app/pages/1" })).toHaveLength(1);
  });

  test("a header the journal redacts is redacted in a near-miss too", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", headers: { cookie: { pattern: "^role=admin" } }, status: 403 });
    await visit(server, "/app/pages/1", { headers: { cookie: "role=user; session=secret" } });
    expect((await nearMisses(server))[0]?.differences).toEqual([{ field: "headers.cookie", expected: { pattern: "^role=admin" }, actual: REDACTED }]);
  });
});

describe("HAR export", () => {
  test("GET /journal.har is HAR 1.2 with every required field, one entry per journaled request", async ({ server }) => {
    await mixedJournal(server);
    await server.addFault({ path: "/app/pages/9", drop: true });
    await visit(server, "/app/pages/9");
    const response = await server.control("GET", "/journal.har");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="journal.har"');
    const har = Har12.parse(await response.json());
    expect(har.log.entries.map((entry) => [entry.request.method, new URL(entry.request.url).pathname, entry.response.status])).toEqual([
      ["GET", "/app/pages/1", 200],
      ["GET", "/app/pages/2", 404],
      ["HEAD", "/app/pages/1", 200],
      ["GET", "/app/pages/3", 500],
      ["GET", "/app/", 200],
      ["GET", "/app/pages/9", 0],
    ]);
  });

  test("a HAR entry carries the absolute URL, the query, the headers, the timing and the fault", async ({ server }) => {
    const fault = await server.addFault({ path: "/app/pages/1", headers: { rsc: "1" }, status: 404 });
    const entry = await visit(server, "/app/pages/1?_rsc=x%20y", { headers: { rsc: "1" } });
    const har = Har12.parse(await (await server.control("GET", "/journal.har")).json());
    const [only] = har.log.entries;
    expect(only).toMatchObject({
      startedDateTime: new Date(Date.parse(entry.time) - entry.durationMs).toISOString(),
      time: entry.durationMs,
      request: { url: `${server.origin}/app/pages/1?_rsc=x%20y`, queryString: [{ name: "_rsc", value: "x y" }] },
      response: { status: 404, statusText: "Not Found", content: { mimeType: expect.stringMatching(/^text\/html/) } },
      _fault: fault.id,
      _journalId: entry.id,
    });
    expect(only?.request.headers).toContainEqual({ name: "rsc", value: "1" });
    expect(only?.response.headers).toContainEqual({ name: "vary", value: "Accept" });
  });

  test("a dropped request is status 0 with an _error, as browsers export failed requests", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", drop: true });
    await visit(server, "/app/pages/1");
    const [entry] = Har12.parse(await (await server.control("GET", "/journal.har")).json()).log.entries;
    expect(entry?.response).toMatchObject({ status: 0, statusText: "", _error: "no response: dropped by a fault" });
  });

  test("the journal filters apply to the HAR", async ({ server }) => {
    await mixedJournal(server);
    const har = Har12.parse(await (await server.control("GET", "/journal.har?status=4xx")).json());
    expect(har.log.entries.map((entry) => entry.response.status)).toEqual([404]);
  });
});
