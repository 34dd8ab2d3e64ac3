import { describe, expect } from "vitest";
import { DATA_ACCEPT } from "../../src/core/page.ts";
import { rawGet } from "../testing/rawGet.ts";
import { headingOf, shownDigestOf } from "../testing/readDocument.ts";
import { captureLogs, type TestServer, test } from "../testing/testServer.ts";
import type { FaultStatus } from "./faultSchema.ts";

const DOCUMENT = { accept: "text/html" };
const DATA = { accept: DATA_ACCEPT };

/** Any delay will do: the tests check only that durationMs is at least it. Short keeps the file fast. */
const DELAY_MS = 40;

async function statusOf(server: TestServer, path: string, init?: RequestInit): Promise<number> {
  const response = await server.fetch(path, init);
  await response.arrayBuffer();
  return response.status;
}

describe("fault matching", () => {
  test("an exact path matches only that path", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", status: 403 });
    expect(await statusOf(server, "/app/pages/1")).toBe(403);
    expect(await statusOf(server, "/app/pages/2")).toBe(200);
    expect(await statusOf(server, "/app/pages/10")).toBe(404);
    expect(await statusOf(server, "/app/pages/1/more")).toBe(404);
  });

  test("`*` matches within one segment", async ({ server }) => {
    await server.addFault({ path: "/app/pages/*", status: 403 });
    expect(await statusOf(server, "/app/pages/2")).toBe(403);
    expect(await statusOf(server, "/app/pages/3")).toBe(403);
    expect(await statusOf(server, "/app/pages/2/more")).toBe(404);
    expect(await statusOf(server, "/app/private")).toBe(200);
  });

  test("`**` matches across segments", async ({ server }) => {
    await server.addFault({ path: "/app/**", status: 403 });
    expect(await statusOf(server, "/app/pages/2")).toBe(403);
    expect(await statusOf(server, "/app/a/b/c")).toBe(403);
    expect(await statusOf(server, "/apple")).toBe(200);
  });

  test("methods restricts a fault to those methods", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", methods: ["HEAD"], status: 403 });
    expect(await statusOf(server, "/app/pages/1", { method: "HEAD" })).toBe(403);
    expect(await statusOf(server, "/app/pages/1", { method: "GET" })).toBe(200);
  });

  test("representation data applies to Accept: application/json only", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", representation: "data", status: 403 });
    expect(await statusOf(server, "/app/pages/1", { headers: DATA })).toBe(403);
    expect(await statusOf(server, "/app/pages/1", { headers: DOCUMENT })).toBe(200);
  });

  test("representation document spares the data request", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", representation: "document", status: 403 });
    expect(await statusOf(server, "/app/pages/1", { headers: DOCUMENT })).toBe(403);
    expect(await statusOf(server, "/app/pages/1", { headers: DATA })).toBe(200);
  });

  test("the most recently added matching fault wins", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", status: 404 });
    const newer = await server.addFault({ path: "/app/**", status: 401 });
    expect(await statusOf(server, "/app/pages/1")).toBe(401);
    await server.control("DELETE", `/faults/${newer.id}`);
    expect(await statusOf(server, "/app/pages/1")).toBe(404);
  });

  test("a `times: 2` fault applies twice, then disappears from GET /faults", async ({ server }) => {
    const fault = await server.addFault({ path: "/app/pages/1", status: 403, times: 2 });
    expect(await statusOf(server, "/app/pages/1")).toBe(403);
    expect(await server.faults()).toEqual([{ ...fault, remaining: 1, hits: 1 }]);
    expect(await statusOf(server, "/app/pages/1")).toBe(403);
    expect(await server.faults()).toEqual([]);
    expect(await statusOf(server, "/app/pages/1")).toBe(200);
  });

  test("a sticky fault applies on every request and stays listed", async ({ server }) => {
    const fault = await server.addFault({ path: "/app/pages/1", status: 403 });
    for (let i = 0; i < 3; i++) expect(await statusOf(server, "/app/pages/1")).toBe(403);
    expect(await server.faults()).toEqual([{ ...fault, remaining: null, hits: 3 }]);
  });
});

const STATUS_FAULTS: readonly { clause: string; status: FaultStatus; heading: string }[] = [
  { clause: "ERR-1", status: 404, heading: "404: Page not found" },
  { clause: "ERR-2", status: 403, heading: "403: Forbidden" },
  { clause: "ERR-3", status: 401, heading: "401: Unauthorized" },
  { clause: "ERR-4", status: 500, heading: "500: Application error" },
];

describe("status faults", () => {
  for (const { clause, status, heading } of STATUS_FAULTS) {
    test(`${clause} answers a ${status} fault on a document with the ${status} fallback page`, async ({ server }) => {
      await server.addFault({ path: "/app/pages/1", status });
      const response = await server.fetch("/app/pages/1", { headers: DOCUMENT });
      expect(response.status).toBe(status);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(headingOf(await response.text())).toBe(heading);
    });

    test(`ERR-6 sends a ${status} fault without Cache-Control in both representations, as a real server's error page`, async ({ server }) => {
      await server.addFault({ path: "/app/pages/1", status });
      for (const headers of [DOCUMENT, DATA]) {
        const response = await server.fetch("/app/pages/1", { headers });
        await response.arrayBuffer();
        expect(response.headers.get("cache-control")).toBeNull();
      }
    });
  }

  test("ERR-6 the app's own 404, no fault involved, still sends Cache-Control: no-store", async ({ server }) => {
    const response = await server.fetch("/app/pages/10", { headers: DOCUMENT });
    await response.arrayBuffer();
    expect({ status: response.status, cacheControl: response.headers.get("cache-control") }).toEqual({ status: 404, cacheControl: "no-store" });
  });

  for (const { clause, status } of STATUS_FAULTS.filter((row) => row.status !== 500)) {
    test(`${clause} answers a ${status} fault on data with {error: {status: ${status}}}`, async ({ server }) => {
      await server.addFault({ path: "/app/pages/1", status });
      const response = await server.fetch("/app/pages/1", { headers: DATA });
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ error: { status } });
    });
  }

  test("ERR-4 answers a 500 fault on data with {error: {status: 500, digest}}", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", status: 500 });
    const response = await server.fetch("/app/pages/1", { headers: DATA });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: { status: 500, digest: expect.stringMatching(/^\d+$/) } });
  });

  test("ERR-4 journals the digest a 500 sends in its JSON body", async ({ server }) => {
    const fault = await server.addFault({ path: "/app/pages/1", status: 500 });
    const body = (await (await server.fetch("/app/pages/1", { headers: DATA })).json()) as { error: { digest: string } };
    const entry = await server.journalEntry((e) => e.fault === fault.id);
    expect(entry.digest).toBe(body.error.digest);
  });

  test("ERR-4 shows the journaled digest in the 500 document's data-digest element", async ({ server }) => {
    const fault = await server.addFault({ path: "/app/pages/1", status: 500 });
    const shown = shownDigestOf(await (await server.fetch("/app/pages/1", { headers: DOCUMENT })).text());
    const entry = await server.journalEntry((e) => e.fault === fault.id);
    expect(shown).toMatch(/^\d+$/);
    expect(entry.digest).toBe(shown);
  });

  test("ERR-4 gives each request its own digest: the one a page shows leads to exactly one journal entry", async ({ server }) => {
    const fault = await server.addFault({ path: "/app/pages/1", status: 500 });
    const navigation = { ...DOCUMENT, "sec-fetch-mode": "navigate" };
    const worker = { ...DOCUMENT, "sec-fetch-mode": "same-origin", referer: `${server.origin}/app/sw.js` };
    // node:http, not fetch: fetch sets Sec-Fetch-Mode itself.
    const shown = [
      shownDigestOf((await rawGet(server.origin, "/app/pages/1", navigation)).body),
      shownDigestOf((await rawGet(server.origin, "/app/pages/1", worker)).body),
    ];
    await server.journalEntry((e) => e.fault === fault.id && e.digest === shown[1]);
    const entries = server.app.journal.list().entries.filter((e) => e.fault === fault.id);
    expect(new Set(shown).size).toBe(2);
    expect(entries.map((e) => [e.kind, e.digest])).toEqual([
      ["navigation", shown[0]],
      ["worker", shown[1]],
    ]);
  });

  test("ERR-4 logs a 500's digest in exactly one server-side exception line", async ({ serve }) => {
    const logs = captureLogs();
    const server = await serve({ logger: logs.logger });
    const fault = await server.addFault({ path: "/app/pages/1", status: 500 });
    const body = (await (await server.fetch("/app/pages/1", { headers: DATA })).json()) as { error: { digest: string } };
    await server.journalEntry((e) => e.fault === fault.id);
    const exceptions = logs.lines().filter((line) => line.level >= 50);
    expect(exceptions).toEqual([expect.objectContaining({ msg: "server-side exception", digest: body.error.digest, fault: fault.id })]);
  });

  test("ERR-1 journals no digest for a 404 fault", async ({ server }) => {
    const fault = await server.addFault({ path: "/app/pages/1", status: 404 });
    expect(await statusOf(server, "/app/pages/1")).toBe(404);
    expect((await server.journalEntry((e) => e.fault === fault.id)).digest).toBeNull();
  });
});

describe("latency, drop and hang", () => {
  test("NAV-5 a latency fault holds the response for at least its delayMs", async ({ server }) => {
    const fault = await server.addFault({ path: "/app/pages/1", delayMs: DELAY_MS });
    expect(await statusOf(server, "/app/pages/1")).toBe(200);
    expect((await server.journalEntry((e) => e.fault === fault.id)).durationMs).toBeGreaterThanOrEqual(DELAY_MS);
  });

  test("NAV-6 a drop fault cuts the connection, so fetch rejects", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", drop: true });
    await expect(server.fetch("/app/pages/1")).rejects.toThrow(TypeError);
  });

  test("NAV-6 journals a dropped request as dropped, with its fault id and no status", async ({ server }) => {
    const fault = await server.addFault({ path: "/app/pages/1", drop: true });
    await server.fetch("/app/pages/1").catch(() => undefined);
    const entry = await server.journalEntry((e) => e.url === "/app/pages/1");
    expect(entry).toMatchObject({ outcome: "dropped", fault: fault.id, status: null });
  });

  test("NAV-5 journals a hanging request as aborted once the client gives up", async ({ server }) => {
    const fault = await server.addFault({ path: "/app/pages/1", hang: true });
    const client = new AbortController();
    const request = server.fetch("/app/pages/1", { signal: client.signal });
    // The fault's hit is the server's own signal that it holds the request.
    await expect.poll(async () => (await server.faults())[0]?.hits).toBe(1);
    expect(server.app.journal.list().entries).toEqual([]);
    client.abort();
    await expect(request).rejects.toThrow(/abort/i);
    const entry = await server.journalEntry((e) => e.url === "/app/pages/1");
    expect(entry).toMatchObject({ outcome: "aborted", fault: fault.id, status: null });
  });
});

describe("request faults", () => {
  test("ERR-2 ?__status=403 answers the 403 page and journals the fault as 'request'", async ({ server }) => {
    const response = await server.fetch("/app/pages/1?__status=403", { headers: DOCUMENT });
    expect(response.status).toBe(403);
    expect(headingOf(await response.text())).toBe("403: Forbidden");
    expect((await server.journalEntry((e) => e.url === "/app/pages/1?__status=403")).fault).toBe("request");
  });

  test("ERR-3 x-mock-status: 401 answers the 401 data error", async ({ server }) => {
    const response = await server.fetch("/app/pages/1", { headers: { ...DATA, "x-mock-status": "401" } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { status: 401 } });
  });

  test("NAV-5 ?__delay holds the response for at least that many milliseconds", async ({ server }) => {
    expect(await statusOf(server, `/app/pages/1?__delay=${DELAY_MS}`)).toBe(200);
    const entry = await server.journalEntry((e) => e.fault === "request");
    expect(entry.durationMs).toBeGreaterThanOrEqual(DELAY_MS);
  });

  test("NAV-5 x-mock-delay holds the response for at least that many milliseconds", async ({ server }) => {
    expect(await statusOf(server, "/app/pages/1", { headers: { "x-mock-delay": String(DELAY_MS) } })).toBe(200);
    const entry = await server.journalEntry((e) => e.fault === "request");
    expect(entry.durationMs).toBeGreaterThanOrEqual(DELAY_MS);
  });

  test("a request's own fault comes before the active faults and leaves them unused", async ({ server }) => {
    const stored = await server.addFault({ path: "/app/pages/1", status: 404, times: 1 });
    expect(await statusOf(server, "/app/pages/1?__status=401")).toBe(401);
    expect(await server.faults()).toEqual([stored]);
  });

  for (const { asked, headers, message } of [
    {
      asked: "?__status=302",
      headers: {},
      message: '__status / x-mock-status: 302 needs a Location: give redirect {"to": "/login", "status": 302} instead, or responseHeaders {"Location": …}',
    },
    { asked: "?__status=abc", headers: {}, message: "__status / x-mock-status: must be a whole number from 200 to 599" },
    { asked: "?__delay=-1", headers: {}, message: "__delay / x-mock-delay: must be ≥ 0" },
    { asked: "?__delay=999999", headers: {}, message: "__delay / x-mock-delay: must be ≤ 120000" },
    { asked: "?__delay=99999999999999999999999", headers: {}, message: "__delay / x-mock-delay: must be a whole number of milliseconds" },
    {
      asked: "?__status=1&__delay=99999999999999999999999",
      headers: {},
      message:
        "__status / x-mock-status: must be a whole number from 200 to 599 (a 1xx is an interim response, which cannot end an exchange); __delay / x-mock-delay: must be a whole number of milliseconds",
    },
    {
      asked: "x-mock-status: 103",
      headers: { "x-mock-status": "103" },
      message: "__status / x-mock-status: must be a whole number from 200 to 599 (a 1xx is an interim response, which cannot end an exchange)",
    },
    { asked: "x-mock-delay: 1.5", headers: { "x-mock-delay": "1.5" }, message: "__delay / x-mock-delay: must be a whole number of milliseconds" },
  ]) {
    test(`rejects ${asked} with a 400 naming the parameter`, async ({ server }) => {
      const response = await server.fetch(`/app/pages/1${asked.startsWith("?") ? asked : ""}`, { headers });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: { code: "INVALID_REQUEST_FAULT", message: `Failed to apply the request's fault: ${message}.` } });
    });
  }
});
