import { expect, test } from "vitest";
import { FaultInput } from "../faults/faultSchema.ts";
import { EMPTY_FORM, type FaultFormValues, faultFormBody } from "./faultFormBody.ts";

const form = (overrides: Partial<FaultFormValues>): FaultFormValues => ({ ...EMPTY_FORM, path: "/app/**", ...overrides });

test("sends a status as a number and leaves empty optional fields out", () => {
  expect(faultFormBody(form({ response: "403" }))).toEqual({ path: "/app/**", status: 403, representation: "any" });
});

test.each([
  ["drop", { drop: true }],
  ["hang", { hang: true }],
  ["reset", { reset: true }],
  ["garbage", { garbage: true }],
  ["throwOnLoad", { throwOnLoad: true }],
  ["none", {}],
] as const)("sends %s as its flag", (response, flags) => {
  expect(faultFormBody(form({ response, delayMs: "250" }))).toEqual({ path: "/app/**", ...flags, delayMs: 250, representation: "any" });
});

test("sends a name without its outer spaces, and none when the field is blank", () => {
  expect(faultFormBody(form({ name: "  slow search  " }))).toEqual({ path: "/app/**", status: 404, representation: "any", name: "slow search" });
  expect(faultFormBody(form({ name: "   " }))).toEqual({ path: "/app/**", status: 404, representation: "any" });
});

test("sends delay, times and representation as typed", () => {
  expect(faultFormBody(form({ response: "500", delayMs: "1000", times: "2", representation: "data" }))).toEqual({
    path: "/app/**",
    status: 500,
    delayMs: 1000,
    times: 2,
    representation: "data",
  });
});

test("passes numbers the server refuses on to the server, which says why", () => {
  expect(faultFormBody(form({ delayMs: "-5", times: "1.5" }))).toMatchObject({ delayMs: -5, times: 1.5 });
});

test("trims the spaces pasted text brings along, and only those", () => {
  expect(faultFormBody(form({ path: "  /app/pages/1 \n" })).path).toBe("/app/pages/1");
  expect(faultFormBody(form({ path: "app/pages 1" })).path).toBe("app/pages 1");
});

test("sends a 503 as a number", () => {
  expect(faultFormBody(form({ response: "503" }))).toEqual({ path: "/app/**", status: 503, representation: "any" });
});

test("sends the steps of a sequence: statuses as numbers, words as flags, pass as pass", () => {
  expect(faultFormBody(form({ response: "sequence", sequence: " 503, 503 ,reset, pass," }))).toEqual({
    path: "/app/**",
    sequence: [{ status: 503 }, { status: 503 }, { reset: true }, { pass: true }],
    representation: "any",
  });
});

test("sends a word it does not know as a flag, for the server to name", () => {
  expect(faultFormBody(form({ response: "sequence", sequence: "503, retry" })).sequence).toEqual([{ status: 503 }, { retry: true }]);
});

test.each([
  ["truncate", { truncateBytes: "100" }, { truncate: { bytes: 100 } }],
  ["dribble", { dribbleChunks: "4", dribbleOverMs: "2000" }, { dribble: { chunks: 4, overMs: 2000 } }],
  ["bandwidth", { bytesPerSecond: "500" }, { dribble: { bytesPerSecond: 500 } }],
] as const)("sends a %s body with its numbers", (body, numbers, sent) => {
  expect(faultFormBody(form({ response: "none", body, ...numbers }))).toEqual({ path: "/app/**", ...sent, representation: "any" });
});

test("sends a body's empty number as NaN (null in JSON), for the server to name", () => {
  expect(JSON.parse(JSON.stringify(faultFormBody(form({ body: "truncate" }))))).toMatchObject({ truncate: { bytes: null } });
});

test("sends jitter, probability and seed as typed", () => {
  expect(faultFormBody(form({ delayMs: "300", jitterMs: "100", probability: "0.25", seed: "42" }))).toMatchObject({
    delayMs: 300,
    jitterMs: 100,
    probability: 0.25,
    seed: 42,
  });
});

test("sends extra headers from 'Name: value' lines, colons in values kept", () => {
  expect(faultFormBody(form({ responseHeaders: "Retry-After: 120\n\nLocation: http://x/y \n" })).responseHeaders).toEqual({
    "Retry-After": "120",
    Location: "http://x/y",
  });
});

test("leaves the fields that shape one response out of a sequence, whose steps hold them", () => {
  const values = form({
    response: "sequence",
    sequence: "503, pass",
    delayMs: "100",
    jitterMs: "50",
    body: "truncate",
    truncateBytes: "5",
    responseHeaders: "X: 1",
  });
  expect(faultFormBody({ ...values, times: "2", probability: "0.5", seed: "3" })).toEqual({
    path: "/app/**",
    sequence: [{ status: 503 }, { pass: true }],
    probability: 0.5,
    seed: 3,
    times: 2,
    representation: "any",
  });
});

test("sends a regex path as {regex}, as typed but for outer spaces", () => {
  expect(faultFormBody(form({ path: " ^/app/pages/\\d+$ ", pathKind: "regex" })).path).toEqual({ regex: "^/app/pages/\\d+$" });
});

test("reads query and header conditions written as the faults table shows them, one a line", () => {
  const body = faultFormBody(form({ query: "_rsc present\nq = a b \n\nsort ~ ^(asc|desc)$", headers: "RSC=1\nAuthorization absent" }));
  expect(body.query).toEqual({ _rsc: { present: true }, q: "a b", sort: { pattern: "^(asc|desc)$" } });
  expect(body.headers).toEqual({ RSC: "1", Authorization: { absent: true } });
});

test("leaves out empty condition fields, and sends a line of no known form as a condition the server refuses", () => {
  expect(faultFormBody(form({ query: " \n", headers: "" }))).not.toHaveProperty("query");
  expect(faultFormBody(form({ query: " \n", headers: "" }))).not.toHaveProperty("headers");
  expect(faultFormBody(form({ headers: "just words here" })).headers).toEqual({ "just words here": {} });
});

test("sends another status, a redirect, a portal and a quota with their own fields", () => {
  const base = { path: "/app/**", representation: "any" };
  expect(faultFormBody(form({ response: "status", status: "502" }))).toEqual({ ...base, status: 502 });
  expect(faultFormBody(form({ response: "redirect", redirectTo: " /login ", redirectStatus: "307" }))).toEqual({
    ...base,
    redirect: { to: "/login", status: 307 },
  });
  expect(faultFormBody(form({ response: "portal" }))).toEqual({ ...base, portal: true });
  expect(faultFormBody(form({ response: "quota", quotaLimit: "10", quotaWindowMs: "60000" }))).toEqual({ ...base, quota: { limit: 10, windowMs: 60_000 } });
});

test("sends an outage when either of its fields is filled in, the other as null for the server to name", () => {
  expect(faultFormBody(form({ response: "503", outageAfterMs: "0", outageForMs: "5000" })).outage).toEqual({ afterMs: 0, forMs: 5000 });
  expect(JSON.parse(JSON.stringify(faultFormBody(form({ response: "503", outageForMs: "5000" })))).outage).toEqual({ afterMs: null, forMs: 5000 });
  expect(faultFormBody(form({ response: "503" })).outage).toBeUndefined();
});

test("reads a body condition written as the faults table shows it, and sends what the server accepts", () => {
  const body = (requestBody: string) => faultFormBody(form({ requestBody, response: "503" })).body;
  expect(body("")).toBeUndefined();
  expect(body('$.op = "add"')).toEqual({ json: { path: "$.op", equals: "add" } });
  expect(body("$.items[0].id = 42")).toEqual({ json: { path: "$.items[0].id", equals: 42 } });
  expect(body("$.op = add")).toEqual({ json: { path: "$.op", equals: "add" } });
  expect(body("$.op ~ ^add")).toEqual({ json: { path: "$.op", pattern: "^add" } });
  expect(body("$.retry present")).toEqual({ json: { path: "$.retry", present: true } });
  expect(body('~ "op":"add"')).toEqual({ text: '"op":"add"' });
  for (const line of ['$.op = "add"', "$.op ~ ^add", "$.retry present", "~ add"]) {
    expect(FaultInput.safeParse(faultFormBody(form({ requestBody: line, response: "503" }))).success).toBe(true);
  }
  // No known form: a JSONPath with no test, which the server refuses, naming the field.
  expect(FaultInput.safeParse(faultFormBody(form({ requestBody: "op is add", response: "503" }))).error?.issues[0]?.path).toEqual(["body", "json", "path"]);
});
