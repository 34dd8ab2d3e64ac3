import { describe, expect } from "vitest";
import { DEFAULT_SHELL_CONFIG, type ShellConfig } from "../../src/core/shellConfig.ts";
import { createApp } from "../createApp.ts";
import { MAX_FAULTS } from "../faults/FaultStore.ts";
import type { ErrorBody } from "../http/httpError.ts";
import type { JournalEntry } from "../journal/journal.ts";
import { bootDataOf } from "../testing/readDocument.ts";
import { type InvalidFault, refusesInvalidFaults } from "../testing/refusesInvalidFaults.ts";
import { type TestServer, test } from "../testing/testServer.ts";

const JSON_HEADERS = { "content-type": "application/json" };

async function journalUrls(server: TestServer): Promise<string[]> {
  const { entries } = (await (await server.control("GET", "/journal")).json()) as { entries: JournalEntry[] };
  return entries.map((entry) => entry.url);
}

async function configOf(server: TestServer): Promise<ShellConfig> {
  return (await (await server.control("GET", "/config")).json()) as ShellConfig;
}

async function visit(server: TestServer, path: string): Promise<void> {
  const response = await server.fetch(path);
  await response.arrayBuffer();
  await server.journalEntry((entry) => entry.url === path);
}

describe("faults", () => {
  test("POST /faults answers 201 with the stored fault, its id and its defaults", async ({ server }) => {
    const response = await server.control("POST", "/faults", { path: "/app/pages/1", status: 404 });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      id: expect.stringMatching(/^f\d+$/),
      path: "/app/pages/1",
      status: 404,
      representation: "any",
      remaining: null,
      hits: 0,
      createdAt: expect.any(String),
    });
  });

  test("GET /faults lists the faults in the order they were added", async ({ server }) => {
    const first = await server.addFault({ path: "/app/pages/1", status: 404 });
    const second = await server.addFault({ path: "/app/**", delayMs: 10, times: 3 });
    expect(second.id).not.toBe(first.id);
    const response = await server.control("GET", "/faults");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ faults: [first, second] });
  });

  test("DELETE /faults/:id answers 204 and removes only that fault", async ({ server }) => {
    const kept = await server.addFault({ path: "/app/pages/1", status: 404 });
    const removed = await server.addFault({ path: "/app/pages/2", status: 403 });
    expect((await server.control("DELETE", `/faults/${removed.id}`)).status).toBe(204);
    expect(await server.faults()).toEqual([kept]);
  });

  test("DELETE /faults/:id answers 404 UNKNOWN_FAULT for an id it does not know, or no longer knows", async ({ server }) => {
    const fault = await server.addFault({ path: "/app/pages/1", status: 404 });
    await server.control("DELETE", `/faults/${fault.id}`);
    for (const id of [fault.id, "f999"]) {
      const response = await server.control("DELETE", `/faults/${id}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: { code: "UNKNOWN_FAULT", message: `Failed to remove fault '${id}': there is no such fault. GET /__mock/faults lists them.` },
      });
    }
  });

  test("POST /faults past MAX_FAULTS answers 409 naming the limit, and adds nothing", async ({ server }) => {
    for (let n = 0; n < MAX_FAULTS; n++) server.app.faults.add({ path: `/app/pages/${n}`, status: 404, representation: "any" });
    const response = await server.control("POST", "/faults", { path: "/app/pages/x", status: 404 });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: {
        code: "TOO_MANY_FAULTS",
        message: `Failed to add the fault: ${MAX_FAULTS} faults are active, the most the server keeps. Remove some (DELETE /__mock/faults/:id) or all (DELETE /__mock/faults) first.`,
      },
    });
    expect(server.app.faults.size).toBe(MAX_FAULTS);
  });

  test("DELETE /faults answers 204 and clears every fault", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", status: 404 });
    await server.addFault({ path: "/app/pages/2", drop: true });
    expect((await server.control("DELETE", "/faults")).status).toBe(204);
    expect(await server.faults()).toEqual([]);
  });
});

describe("reset", () => {
  test("POST /reset answers 204 and clears the faults", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", status: 404 });
    expect((await server.control("POST", "/reset")).status).toBe(204);
    expect(await server.faults()).toEqual([]);
  });

  test("POST /reset clears the journal", async ({ server }) => {
    await visit(server, "/app/pages/1");
    await server.control("POST", "/reset");
    expect(await journalUrls(server)).toEqual([]);
  });

  test("POST /reset returns the config to the one createApp started with", async ({ serve }) => {
    const server = await serve({ config: { networkTimeoutMs: 1_234 } });
    await server.control("PUT", "/config", { networkTimeoutMs: 99, register: false });
    await server.control("POST", "/reset");
    expect(await configOf(server)).toEqual({ ...DEFAULT_SHELL_CONFIG, networkTimeoutMs: 1_234 });
  });
});

describe("config", () => {
  test("PUT /config answers with the changed config, and GET /config returns it", async ({ server }) => {
    const changed = { ...DEFAULT_SHELL_CONFIG, register: false, onlineSettleMs: 42 };
    const response = await server.control("PUT", "/config", { register: false, onlineSettleMs: 42 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(changed);
    expect(await configOf(server)).toEqual(changed);
  });

  test("PUT /config changes the config embedded in every document (#shell-boot)", async ({ server }) => {
    await server.control("PUT", "/config", { networkTimeoutMs: 400, cacheNavigations: false });
    const html = await (await server.fetch("/app/pages/1")).text();
    expect(bootDataOf(html).config).toEqual({ ...DEFAULT_SHELL_CONFIG, networkTimeoutMs: 400, cacheNavigations: false });
  });
});

describe("journal", () => {
  test("control requests are not journaled", async ({ server }) => {
    const fault = await server.addFault({ path: "/app/pages/2", status: 404 });
    await server.faults();
    await server.control("DELETE", `/faults/${fault.id}`);
    await server.control("PUT", "/config", { register: true });
    await configOf(server);
    await server.control("GET", "/no-such-route");
    await visit(server, "/app/pages/1");
    expect(await journalUrls(server)).toEqual(["/app/pages/1"]);
  });

  test("journalLimit keeps the newest entries and counts the dropped ones", async ({ serve }) => {
    const server = await serve({ journalLimit: 2 });
    for (const path of ["/app/pages/1", "/app/pages/2", "/app/pages/3"]) await visit(server, path);
    const journal = (await (await server.control("GET", "/journal")).json()) as { entries: JournalEntry[]; dropped: number };
    expect({ urls: journal.entries.map((entry) => entry.url), dropped: journal.dropped }).toEqual({ urls: ["/app/pages/2", "/app/pages/3"], dropped: 1 });
  });

  test.for([
    ["PATCH", "/faults", "GET, HEAD, POST, DELETE"],
    ["GET", "/faults/f1", "DELETE"],
    ["GET", "/reset", "POST"],
    ["POST", "/journal/stream", "GET, HEAD"],
    ["POST", "/checklist", "GET, HEAD"],
  ] as const)("%s on the control path %s answers 405 with Allow: %s, and changes nothing", async ([method, path, allow], { server }) => {
    await server.addFault({ path: "/app/pages/1", status: 404 });
    const response = await server.control(method, path);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe(allow);
    expect(((await response.json()) as ErrorBody).error).toEqual({
      code: "METHOD_NOT_ALLOWED",
      message: `Failed to ${method} /__mock${path}: it answers ${allow} only. See docs/mock-server.md#control-api.`,
    });
    expect(await server.faults()).toHaveLength(1);
  });

  test("OPTIONS on a control path answers 204 with Allow", async ({ server }) => {
    const response = await server.control("OPTIONS", "/config");
    expect(response.status).toBe(204);
    expect(response.headers.get("allow")).toBe("GET, HEAD, PUT");
  });

  test("an unknown control route answers 404 naming the route", async ({ server }) => {
    const response = await server.control("GET", "/jounral");
    expect(response.status).toBe(404);
    expect(((await response.json()) as ErrorBody).error).toEqual({
      code: "UNKNOWN_CONTROL_ROUTE",
      message: "No control route GET /__mock/jounral. See docs/mock-server.md#control-api.",
    });
  });
});

/** An invalid fault and the rule the 400 must name (the message after "Failed to add the fault: "). */
const INVALID_FAULTS: readonly InvalidFault[] = [
  {
    what: "status 302 without a Location",
    body: { path: "/app/x", status: 302 },
    rule: 'body.status: 302 needs a Location: give redirect {"to": "/login", "status": 302} instead, or responseHeaders {"Location": …}',
  },
  { what: "times -1", body: { path: "/app/x", status: 404, times: -1 }, rule: "body.times: must be ≥ 1 (leave it out for a sticky fault)" },
  { what: "times 0", body: { path: "/app/x", status: 404, times: 0 }, rule: "body.times: must be ≥ 1 (leave it out for a sticky fault)" },
  { what: "times 1.5", body: { path: "/app/x", status: 404, times: 1.5 }, rule: "body.times: must be a whole number" },
  { what: "path 'app/x'", body: { path: "app/x", status: 404 }, rule: "body.path: must start with '/'" },
  {
    what: "path '/a b'",
    body: { path: "/a b", status: 404 },
    rule: "body.path: may only hold URL path characters, '*' and '**' (no spaces, '?', '#', '[', '{' or '\\')",
  },
  {
    what: "path '/a/[x]'",
    body: { path: "/a/[x]", status: 404 },
    rule: "body.path: may only hold URL path characters, '*' and '**' (no spaces, '?', '#', '[', '{' or '\\')",
  },
  { what: "path '/a/***'", body: { path: "/a/***", status: 404 }, rule: "body.path: has '***'; use '*' within a segment or '**' across segments" },
  { what: "path '/a/../b'", body: { path: "/a/../b", status: 404 }, rule: "body.path: has a '.' or '..' segment, which never reaches the server" },
  {
    what: "both status and drop",
    body: { path: "/app/x", status: 404, drop: true },
    rule: "body: status, redirect, portal, drop, hang, reset, garbage and throwOnLoad exclude each other, got status and drop",
  },
  {
    what: "nothing to do",
    body: { path: "/app/x", times: 1 },
    rule: "body: needs one of status, redirect, portal, delayMs, drop, hang, reset, garbage, throwOnLoad, truncate, dribble, responseHeaders, sequence or quota",
  },
  { what: "an unknown field", body: { path: "/app/x", status: 404, colour: "red" }, rule: "body.colour: is not a known field" },
  { what: "a numeric path", body: { path: 42, status: 404 }, rule: 'body.path: must be a path or glob as a string, or {"regex": "<RE2 regular expression>"}' },
  { what: "a string status", body: { path: "/app/x", status: "404" }, rule: "body.status: must be a whole number from 200 to 599" },
  { what: "drop: 'yes'", body: { path: "/app/x", drop: "yes" }, rule: "body.drop: must be true when present" },
  { what: "a string delayMs", body: { path: "/app/x", delayMs: "100" }, rule: "body.delayMs: must be a whole number of milliseconds" },
  { what: "methods as a string", body: { path: "/app/x", status: 404, methods: "GET" }, rule: "body.methods: Invalid input: expected array, received string" },
  {
    what: "an unknown method",
    body: { path: "/app/x", status: 404, methods: ["FETCH"] },
    rule: "body.methods[0]: must be one of GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS",
  },
  {
    what: "representation 'html'",
    body: { path: "/app/x", status: 404, representation: "html" },
    rule: "body.representation: must be one of any, document, data",
  },
  { what: "an array", body: [{ path: "/app/x", status: 404 }], rule: "body: Invalid input: expected object, received array" },
];

describe("fault validation", () => {
  refusesInvalidFaults(INVALID_FAULTS);
});

/** An invalid config patch (a valid field beside the bad one: nothing may be half-applied) and its rule. */
const INVALID_CONFIGS: readonly { what: string; body: unknown; rule: string }[] = [
  {
    what: "a negative networkTimeoutMs",
    body: { register: false, networkTimeoutMs: -1 },
    rule: "body.networkTimeoutMs: must be a whole number of milliseconds from 0 to 600000",
  },
  {
    what: "a fractional networkTimeoutMs",
    body: { register: false, networkTimeoutMs: 1.5 },
    rule: "body.networkTimeoutMs: must be a whole number of milliseconds from 0 to 600000",
  },
  { what: "a string register", body: { cacheNavigations: false, register: "yes" }, rule: "body.register: must be true or false" },
  { what: "a basePath", body: { register: false, basePath: "/shop" }, rule: "body.basePath: is not a known field" },
];

describe("config validation", () => {
  for (const { what, body, rule } of INVALID_CONFIGS) {
    test(`rejects a config patch with ${what} (400 naming the field and rule) and keeps the config`, async ({ server }) => {
      const before = await configOf(server);
      const response = await server.control("PUT", "/config", body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: { code: "INVALID_CONFIG", message: `Failed to change the shell configuration: ${rule}.` } });
      expect(await configOf(server)).toEqual(before);
    });
  }
});

/** Requests the control API refuses before reading them: each would change state if it got through. */
const REFUSED_REQUESTS: readonly { what: string; status: number; code: string; message: string; send: (body: string) => RequestInit }[] = [
  {
    what: "a text/plain body",
    status: 415,
    code: "UNSUPPORTED_MEDIA_TYPE",
    message: "Failed to read the request body: Content-Type is 'text/plain'. Send JSON with 'Content-Type: application/json'.",
    send: (body) => ({ headers: { "content-type": "text/plain" }, body }),
  },
  {
    what: "a body over 16 kB",
    status: 413,
    code: "BODY_TOO_LARGE",
    message: "Failed to read the request body: it is larger than 16kb. Send a smaller body.",
    // Valid JSON padded with whitespace: only the size is wrong.
    send: (body) => ({ headers: JSON_HEADERS, body: body + " ".repeat(16 * 1024) }),
  },
  {
    what: "invalid JSON",
    status: 400,
    code: "BODY_NOT_JSON",
    message: "Failed to read the request body: it is not valid JSON. Check the syntax.",
    send: (body) => ({ headers: JSON_HEADERS, body: body.slice(0, -1) }),
  },
  {
    what: "a cross-origin Origin header",
    status: 403,
    code: "CROSS_ORIGIN",
    message: "Failed to accept a control request from origin 'http://evil.test': only this server's own pages and non-browser clients may use /__mock/.",
    send: (body) => ({ headers: { ...JSON_HEADERS, origin: "http://evil.test" }, body }),
  },
];

describe("refused control requests", () => {
  for (const { what, status, code, message, send } of REFUSED_REQUESTS) {
    test(`refuses a fault sent with ${what} (${status}) and keeps the fault list`, async ({ server }) => {
      await server.addFault({ path: "/app/pages/1", status: 404 });
      const before = await server.faults();
      const response = await server.fetch("/__mock/faults", { method: "POST", ...send(JSON.stringify({ path: "/app/pages/2", status: 403 })) });
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ error: { code, message } });
      expect(await server.faults()).toEqual(before);
    });

    test(`refuses a config patch sent with ${what} (${status}) and keeps the config`, async ({ server }) => {
      const before = await configOf(server);
      const response = await server.fetch("/__mock/config", { method: "PUT", ...send(JSON.stringify({ register: false })) });
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ error: { code, message } });
      expect(await configOf(server)).toEqual(before);
    });
  }

  test("refuses a cross-origin POST /reset (403) and clears nothing", async ({ server }) => {
    const fault = await server.addFault({ path: "/app/pages/2", status: 404 });
    await visit(server, "/app/pages/1");
    const response = await server.fetch("/__mock/reset", { method: "POST", headers: { origin: "http://evil.test" } });
    expect(response.status).toBe(403);
    expect(((await response.json()) as ErrorBody).error.code).toBe("CROSS_ORIGIN");
    expect({ faults: await server.faults(), journal: await journalUrls(server) }).toEqual({ faults: [fault], journal: ["/app/pages/1"] });
  });

  test("accepts a control request from the server's own origin", async ({ server }) => {
    const response = await server.fetch("/__mock/faults", {
      method: "POST",
      headers: { ...JSON_HEADERS, origin: server.origin },
      body: JSON.stringify({ path: "/app/pages/1", status: 404 }),
    });
    expect(response.status).toBe(201);
  });
});

test("createApp refuses a base path under the control prefix, in any case", () => {
  expect(() => createApp({ basePath: "/__Mock/app", distDir: "/nonexistent" })).toThrow(
    "Failed to use base path '/__Mock/app': /__mock/ is the control API's, in any case. Use another path, e.g. /app.",
  );
});
