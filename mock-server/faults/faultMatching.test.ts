/**
 * Faults matched on query parameters, request headers and a regex path, over real HTTP:
 * the case that motivated them is Next.js's client-side navigation, `GET /app/pages/1?_rsc=x` with
 * `RSC: 1`, which a path glob alone cannot tell from the document.
 */
import { describe, expect } from "vitest";
import { type InvalidFault, refusesInvalidFaults } from "../testing/refusesInvalidFaults.ts";
import { type TestServer, test } from "../testing/testServer.ts";
import type { FaultInput } from "./faultSchema.ts";
import { MAX_REGEX_LENGTH } from "./linearRegex.ts";
import { MAX_MATCHED_NAMES } from "./requestMatchSchema.ts";

async function statusOf(server: TestServer, path: string, headers: Record<string, string> = {}): Promise<number> {
  const response = await server.fetch(path, { headers });
  await response.arrayBuffer();
  return response.status;
}

/** Next.js's client-side navigation of a page, and the document of the same URL. */
const RSC_REQUEST = { path: "/app/pages/1?_rsc=3x9f", headers: { RSC: "1" } };
const DOCUMENT_REQUEST = { path: "/app/pages/1", headers: {} };

describe("query and header matching", () => {
  test("query {present: true} and a header value target Next.js's client-side navigation and spare the document", async ({ server }) => {
    await server.addFault({ path: "/app/pages/*", query: { _rsc: { present: true } }, headers: { rsc: "1" }, status: 500 });
    expect(await statusOf(server, RSC_REQUEST.path, RSC_REQUEST.headers)).toBe(500);
    expect(await statusOf(server, DOCUMENT_REQUEST.path)).toBe(200);
    expect(await statusOf(server, "/app/pages/1?_rsc=3x9f")).toBe(200);
    expect(await statusOf(server, "/app/pages/1", { RSC: "1" })).toBe(200);
  });

  test("header names match in any case, and the stored fault names them in lower case", async ({ server }) => {
    const fault = await server.addFault({ path: "/app/pages/1", headers: { "X-Variant": "B" }, status: 403 });
    expect(fault.headers).toEqual({ "x-variant": "B" });
    expect(await statusOf(server, "/app/pages/1", { "x-VARIANT": "B" })).toBe(403);
    // Values are compared exactly.
    expect(await statusOf(server, "/app/pages/1", { "x-variant": "b" })).toBe(200);
  });

  test("{absent: true} matches only requests without the header", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", headers: { rsc: { absent: true } }, status: 404 });
    expect(await statusOf(server, "/app/pages/1")).toBe(404);
    expect(await statusOf(server, "/app/pages/1", { rsc: "1" })).toBe(200);
  });

  test("{pattern} matches a header value by RE2 regular expression, unanchored unless it says so", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", headers: { rsc: { pattern: "^1$" } }, status: 401 });
    expect(await statusOf(server, "/app/pages/1", { rsc: "1" })).toBe(401);
    expect(await statusOf(server, "/app/pages/1", { rsc: "11" })).toBe(200);
    expect(await statusOf(server, "/app/pages/1")).toBe(200);
  });

  test("a query value matches exactly, after percent-decoding, any of a repeated parameter's values", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", query: { tab: "a b" }, status: 403 });
    expect(await statusOf(server, "/app/pages/1?tab=a%20b")).toBe(403);
    expect(await statusOf(server, "/app/pages/1?tab=x&tab=a+b")).toBe(403);
    expect(await statusOf(server, "/app/pages/1?tab=a")).toBe(200);
  });

  test("query {absent: true} spares requests that carry the parameter, even empty", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", query: { _rsc: { absent: true } }, status: 404 });
    expect(await statusOf(server, "/app/pages/1?other=1")).toBe(404);
    expect(await statusOf(server, "/app/pages/1?_rsc")).toBe(200);
    expect(await statusOf(server, "/app/pages/1?_rsc=")).toBe(200);
  });
});

describe("regex paths", () => {
  test("{regex} matches the path (not the query) by RE2 regular expression", async ({ server }) => {
    await server.addFault({ path: { regex: "^/app/pages/[0-9]+$" }, status: 403 });
    expect(await statusOf(server, "/app/pages/12?x=1")).toBe(403);
    expect(await statusOf(server, "/app/pages/x")).toBe(404);
    expect(await statusOf(server, "/app/pages/1/more")).toBe(404);
  });

  test("a regex path answers at once a 16 kB path that would backtrack a JavaScript RegExp for minutes", async ({ server }) => {
    await server.addFault({ path: { regex: "^/app/(a+)+$" }, status: 403 });
    // The match is linear, so the page answers normally.
    expect(await statusOf(server, `/app/${"a".repeat(3_000)}!`)).toBe(404);
    // 16 kB with the request line, Node's header limit: within a request's budget (matchBudget.ts), and linear.
    expect(await statusOf(server, `/app/${"a".repeat(15_000)}!`)).toBe(404);
  });
});

describe("precedence", () => {
  test("the newest matching fault wins, however specific an older one is", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", headers: { rsc: "1" }, query: { _rsc: { present: true } }, status: 500 });
    const newer = await server.addFault({ path: "/app/**", status: 401 });
    expect(await statusOf(server, RSC_REQUEST.path, RSC_REQUEST.headers)).toBe(401);
    await server.control("DELETE", `/faults/${newer.id}`);
    expect(await statusOf(server, RSC_REQUEST.path, RSC_REQUEST.headers)).toBe(500);
  });

  test("a newer fault that does not match (its header differs) leaves the request to an older one", async ({ server }) => {
    await server.addFault({ path: "/app/**", status: 401 });
    await server.addFault({ path: "/app/pages/1", headers: { rsc: "1" }, status: 500 });
    expect(await statusOf(server, DOCUMENT_REQUEST.path)).toBe(401);
  });
});

/** An invalid fault and the rule the 400 must name (after "Failed to add the fault: "). */
const INVALID: readonly InvalidFault[] = [
  {
    what: "a regex that does not compile",
    body: { path: { regex: "^/app/(" }, status: 404 },
    rule: "body.path.regex: is not a valid RE2 regular expression: missing closing ): `^/app/(` (RE2 has no lookarounds or backreferences)",
  },
  {
    what: "a lookahead, which RE2 lacks",
    body: { path: "/app/x", headers: { rsc: { pattern: "(?=1)" } }, status: 404 },
    rule: "body.headers.rsc.pattern: is not a valid RE2 regular expression: invalid or unsupported Perl syntax: `(?=` (RE2 has no lookarounds or backreferences)",
  },
  {
    what: "an empty regex, which would match every path",
    body: { path: { regex: "" }, status: 404 },
    rule: "body.path.regex: is empty, which would match every path: give a pattern, or the glob /** for all of them",
  },
  {
    what: "a regex over the length cap",
    body: { path: { regex: "a".repeat(MAX_REGEX_LENGTH + 1) }, status: 404 },
    rule: `body.path.regex: must be at most ${MAX_REGEX_LENGTH} characters, got ${MAX_REGEX_LENGTH + 1}`,
  },
  {
    what: "a path object without regex",
    body: { path: { glob: "/app/**" }, status: 404 },
    rule: 'body.path: must be a path or glob as a string, or {"regex": "<RE2 regular expression>"}',
  },
  {
    what: "present: false",
    body: { path: "/app/x", query: { _rsc: { present: false } }, status: 404 },
    rule: 'body.query._rsc: must be the exact value as a string, {"pattern": "<RE2 regular expression>"}, {"present": true} or {"absent": true}',
  },
  {
    what: "a numeric header value",
    body: { path: "/app/x", headers: { rsc: 1 }, status: 404 },
    rule: 'body.headers.rsc: must be the exact value as a string, {"pattern": "<RE2 regular expression>"}, {"present": true} or {"absent": true}',
  },
  {
    what: "a header name with a space",
    body: { path: "/app/x", headers: { "x variant": "b" }, status: 404 },
    rule: 'body.headers["x variant"]: is not a header name: it may only hold letters, digits and !#$%&\'*+.^_`|~-',
  },
  {
    what: "the same header in two cases",
    body: { path: "/app/x", headers: { RSC: "1", rsc: "1" }, status: 404 },
    rule: "body.headers.rsc: names the same header as 'RSC' (header names ignore case)",
  },
  {
    what: "query as a string",
    body: { path: "/app/x", query: "_rsc=1", status: 404 },
    rule: 'body.query: must be an object of parameter names, e.g. {"_rsc": {"present": true}}',
  },
  {
    what: "too many headers",
    body: { path: "/app/x", headers: Object.fromEntries(Array.from({ length: MAX_MATCHED_NAMES + 1 }, (_, i) => [`x-h${i}`, "1"])), status: 404 },
    rule: `body.headers: must name at most ${MAX_MATCHED_NAMES} headers, got ${MAX_MATCHED_NAMES + 1}`,
  },
];

describe("validation", () => {
  refusesInvalidFaults(INVALID);

  test("a scenario's regex that does not compile is refused with its place in the file", async ({ server }) => {
    const faults: FaultInput[] = [
      { path: "/app/x", status: 404 },
      { path: { regex: "[" }, status: 404 },
    ];
    const response = await server.control("PUT", "/scenario", { name: "bad regex", faults });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain(
      "body.faults[1].path.regex: is not a valid RE2 regular expression",
    );
    expect(await server.faults()).toEqual([]);
  });
});
