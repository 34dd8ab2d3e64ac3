/**
 * Faults that match a request's body (issue 24 item 4: an outbox's POST replayed after reconnect,
 * exactly once), and the body the journal keeps.
 */
import { expect } from "vitest";
import { MAX_KEPT_BODY_BYTES } from "../http/keptBody.ts";
import { MAX_JOURNALED_BODY_LENGTH } from "../journal/journaledBody.ts";
import { type InvalidFault, refusesInvalidFaults } from "../testing/refusesInvalidFaults.ts";
import { test } from "../testing/testServer.ts";
import { parseJsonPath, valueAt } from "./jsonPath.ts";

const JSON_TYPE = { "content-type": "application/json" };

function post(body: string | Uint8Array, headers: Record<string, string> = JSON_TYPE): RequestInit {
  return { method: "POST", headers, body };
}

async function statusOf(response: Response): Promise<number> {
  await response.arrayBuffer();
  return response.status;
}

test("a text pattern fault answers the matching POST once, and lets the replay and other bodies through", async ({ server }) => {
  await server.addFault({ path: "/app/outbox", methods: ["POST"], body: { text: '"op":"add"' }, status: 503, times: 1 });
  expect(await statusOf(await server.fetch("/app/outbox", post('{"op":"remove","id":7}')))).not.toBe(503);
  expect(await statusOf(await server.fetch("/app/outbox", post('{"op":"add","id":7}')))).toBe(503);
  expect(await statusOf(await server.fetch("/app/outbox", post('{"op":"add","id":7}')))).not.toBe(503);
  // A `times` fault is gone once used up: the replay met none.
  expect(await server.faults()).toEqual([]);
});

test("a JSONPath fault matches one value by equals, pattern or presence", async ({ server }) => {
  await server.addFault({ path: "/app/a", body: { json: { path: "$.items[1].id", equals: 42 } }, status: 503 });
  await server.addFault({ path: "/app/b", body: { json: { path: "$['the op']", pattern: "^add" } }, status: 503 });
  await server.addFault({ path: "/app/c", body: { json: { path: "$.meta.retry", present: true } }, status: 503 });
  await server.addFault({ path: "/app/d", body: { json: { path: "$.tags", equals: ["a", { b: null }] } }, status: 503 });
  const cases: [string, string, boolean][] = [
    ["/app/a", '{"items":[{"id":1},{"id":42}]}', true],
    ["/app/a", '{"items":[{"id":42}]}', false],
    ["/app/a", '{"items":[{"id":1},{"id":"42"}]}', false],
    ["/app/b", '{"the op":"add-item"}', true],
    ["/app/b", '{"the op":"remove"}', false],
    ["/app/b", '{"the op":{"name":"add"}}', false],
    ["/app/c", '{"meta":{"retry":null}}', true],
    ["/app/c", '{"meta":{}}', false],
    ["/app/c", "not json", false],
    ["/app/d", '{"tags":["a",{"b":null}]}', true],
    ["/app/d", '{"tags":["a",{"b":0}]}', false],
  ];
  for (const [path, body, matches] of cases) {
    expect({ path, body, answered503: (await statusOf(await server.fetch(path, post(body)))) === 503 }).toEqual({ path, body, answered503: matches });
  }
});

test("a body longer than the server reads is matched by no body fault, and its near-miss says why", async ({ server }) => {
  await server.addFault({ path: "/app/outbox", body: { text: "x" }, status: 503 });
  const long = "x".repeat(MAX_KEPT_BODY_BYTES + 1);
  expect(await statusOf(await server.fetch("/app/outbox", post(long, { "content-type": "text/plain" })))).not.toBe(503);
  const entry = await server.journalEntry((e) => e.method === "POST");
  expect(entry.nearMisses[0]?.differences).toEqual([
    { field: "body", expected: { text: "x" }, actual: `${MAX_KEPT_BODY_BYTES}+ bytes, more than a body fault reads` },
  ]);
  expect(entry.requestBody).toMatchObject({ size: null, truncated: true });
});

test("a body pattern over a whole 16 kB body stays within what one request may cost", async ({ server }) => {
  await server.addFault({ path: "/app/outbox", body: { text: "needle[0-9]+$" }, status: 503 });
  const body = `${"a".repeat(MAX_KEPT_BODY_BYTES - 10)}needle1234`;
  expect(await statusOf(await server.fetch("/app/outbox", post(body, { "content-type": "text/plain" })))).toBe(503);
});

test("the journal keeps a body's text clipped and a binary body by its size; a GET has none", async ({ server }) => {
  await server.fetch("/app/pages/1").then(statusOf);
  await server.fetch("/app/outbox", post('{"op":"add"}')).then(statusOf);
  await server.fetch("/app/long", post("y".repeat(MAX_JOURNALED_BODY_LENGTH + 5), { "content-type": "text/plain" })).then(statusOf);
  await server.fetch("/app/upload", post(new Uint8Array([0, 255, 1, 2]), { "content-type": "application/octet-stream" })).then(statusOf);
  expect((await server.journalEntry((e) => e.url === "/app/pages/1")).requestBody).toBeNull();
  expect((await server.journalEntry((e) => e.url === "/app/outbox")).requestBody).toEqual({
    contentType: "application/json",
    size: 12,
    text: '{"op":"add"}',
    truncated: false,
  });
  expect((await server.journalEntry((e) => e.url === "/app/long")).requestBody).toMatchObject({
    size: MAX_JOURNALED_BODY_LENGTH + 5,
    text: `${"y".repeat(MAX_JOURNALED_BODY_LENGTH)}…[truncated: ${MAX_JOURNALED_BODY_LENGTH + 5} characters]`,
    truncated: true,
  });
  expect((await server.journalEntry((e) => e.url === "/app/upload")).requestBody).toEqual({
    contentType: "application/octet-stream",
    size: 4,
    text: null,
    truncated: true,
  });
  const har = (await (await server.control("GET", "/journal.har")).json()) as { log: { entries: { request: { postData?: unknown; bodySize: number } }[] } };
  expect(har.log.entries.map((entry) => entry.request.postData ?? null)[1]).toEqual({ mimeType: "application/json", text: '{"op":"add"}' });
  expect(har.log.entries.map((entry) => entry.request.bodySize)).toEqual([0, 12, MAX_JOURNALED_BODY_LENGTH + 5, 4]);
});

test("the control token in a body shows in no journal entry", async ({ serve }) => {
  const token = "s3cret-token-value";
  const server = await serve({ controlToken: token });
  await server.fetch("/app/outbox", post(`{"token":"${token}"}`)).then(statusOf);
  const journal = await fetch(`${server.origin}/__mock/journal`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.text());
  expect(journal).not.toContain(token);
  expect(journal).toContain('{\\"token\\":\\"[redacted]\\"}');
});

test("JSONPath reads own properties only, steps by index and quoted names, and refuses what it cannot read", () => {
  const path = (text: string) => {
    const parsed = parseJsonPath(text);
    return "segments" in parsed ? parsed.segments : parsed.problem;
  };
  expect(path("$")).toEqual([]);
  expect(path("$.a[2][\"b c\"]['d\\'e']")).toEqual(["a", 2, "b c", "d'e"]);
  expect(valueAt({}, ["constructor"])).toBeUndefined();
  expect(valueAt({ a: [1, { b: false }] }, ["a", 1, "b"])).toBe(false);
  expect(valueAt([1], [5])).toBeUndefined();
  expect(path("$..a")).toMatch(/^cannot read '\.\.a'/);
  expect(path("$.a[*]")).toMatch(/^cannot read '\[\*\]'/);
  expect(path(`$${".a".repeat(21)}`)).toBe("must have at most 20 steps");
});

const INVALID_FAULTS: readonly InvalidFault[] = [
  {
    what: "a JSONPath without $",
    body: { path: "/x", status: 503, body: { json: { path: "a.b", equals: 1 } } },
    rule: 'body.body.json.path: must start with $ (a JSONPath to one value: $ then .name, [index] or ["name"] steps, e.g. $.items[0].id)',
  },
  {
    what: "a JSONPath wildcard",
    body: { path: "/x", status: 503, body: { json: { path: "$.items[*]", present: true } } },
    rule: "body.body.json.path: cannot read '[*]' (a JSONPath to one value: $ then .name, [index] or [\"name\"] steps, e.g. $.items[0].id; wildcards and filters are not supported)",
  },
  {
    what: "both equals and pattern",
    body: { path: "/x", status: 503, body: { json: { path: "$.a", equals: 1, pattern: "1" } } },
    rule: "body.body.json: needs exactly one of equals, pattern or present beside path, got 2",
  },
  {
    what: "a JSON match with no test",
    body: { path: "/x", status: 503, body: { json: { path: "$.a" } } },
    rule: "body.body.json: needs exactly one of equals, pattern or present beside path, got 0",
  },
  {
    what: "both json and text",
    body: { path: "/x", status: 503, body: { json: { path: "$.a", present: true }, text: "a" } },
    rule: "body.body: needs exactly one of json or text",
  },
  {
    what: "an empty text pattern",
    body: { path: "/x", status: 503, body: { text: "" } },
    rule: "body.body.text: is empty, which would match every body: give a pattern",
  },
  {
    what: "a body condition that is not an object",
    body: { path: "/x", status: 503, body: "add" },
    rule: `body.body: must be {"json": {"path": "<JSONPath>", "equals"|"pattern"|"present": …}} or {"text": "<RE2 regular expression>"}, matched when the whole body is at most ${MAX_KEPT_BODY_BYTES} bytes`,
  },
  {
    what: "an equals value too long",
    body: { path: "/x", status: 503, body: { json: { path: "$.a", equals: "z".repeat(2_001) } } },
    rule: "body.body.json.equals: must be at most 2000 characters as JSON",
  },
];

refusesInvalidFaults(INVALID_FAULTS);
