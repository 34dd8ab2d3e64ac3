import { request } from "node:http";
import { expect, test } from "vitest";
import { controlRequest } from "../testing/controlRequest.ts";
import { rawGet } from "../testing/rawGet.ts";
import { startMock } from "../testing/startMock.ts";
import { CONTROL_BODY_LIMIT } from "./controlRoutes.ts";

const TOKEN = "0123456789abcdef0123456789abcdef";
const FAULT = { path: "/app/pages/1", status: 404 };

test("without a control token, control requests need no Authorization", async () => {
  const { origin } = await startMock();
  expect((await controlRequest(origin, "GET", "/journal")).status).toBe(200);
});

test("with a control token, a request with the right bearer token is served", async () => {
  const { origin } = await startMock({ controlToken: TOKEN });
  const answer = await controlRequest(origin, "POST", "/faults", { body: FAULT, headers: { authorization: `Bearer ${TOKEN}` } });
  expect(answer.status).toBe(201);
});

test("with a control token, a request without Authorization gets 401 and a Bearer challenge", async () => {
  const { origin } = await startMock({ controlToken: TOKEN });
  const answer = await controlRequest(origin, "GET", "/journal");
  expect(answer.status).toBe(401);
  expect(answer.headers.get("www-authenticate")).toBe('Bearer realm="mock-server control API"');
  expect(answer.body.error.message).toMatch(/^Failed to accept a control request: it has no 'Authorization: Bearer <token>' header\./);
});

test.each([
  ["a wrong token of the same length", `Bearer ${TOKEN.replace("0", "1")}`],
  ["a prefix of the token", `Bearer ${TOKEN.slice(0, 20)}`],
  ["the token and more", `Bearer ${TOKEN}x`],
  ["the token under another scheme", `Basic ${TOKEN}`],
  ["the bare token", TOKEN],
])("with a control token, %s gets 401 and changes nothing", async (_kind, authorization) => {
  const { origin, mock } = await startMock({ controlToken: TOKEN });
  const answer = await controlRequest(origin, "POST", "/faults", { body: FAULT, headers: { authorization } });
  expect(answer.status).toBe(401);
  expect(mock.faults.list()).toEqual([]);
});

test("refuses a control token too short to be safe", async () => {
  await expect(startMock({ controlToken: "short" })).rejects.toThrow(
    "Failed to use the control token: it must be at least 16 characters long (try: openssl rand -hex 16). Pass another one.",
  );
});

test("without a control token, a control request for a non-loopback Host gets 403 (DNS rebinding)", async () => {
  const { origin, mock } = await startMock();
  const answer = await rawGet(origin, "/__mock/journal", { host: "rebound.example.test:4173" });
  expect(answer.status).toBe(403);
  expect(JSON.parse(answer.body).error.code).toBe("FOREIGN_HOST");
  expect(mock.journal.list().entries).toEqual([]);
});

test.each(["localhost:4173", "127.0.0.1:4173", "[::1]:4173"])("without a control token, Host %s is accepted", async (host) => {
  const { origin } = await startMock();
  expect((await rawGet(origin, "/__mock/journal", { host })).status).toBe(200);
});

test("a cross-origin control request gets 403 and changes nothing", async () => {
  const { origin, mock } = await startMock();
  const answer = await controlRequest(origin, "POST", "/faults", { body: FAULT, headers: { origin: "http://evil.example.test" } });
  expect(answer.status).toBe(403);
  expect(answer.body.error.code).toBe("CROSS_ORIGIN");
  expect(mock.faults.list()).toEqual([]);
});

test("a control request from the server's own origin is served", async () => {
  const { origin } = await startMock();
  const answer = await controlRequest(origin, "POST", "/faults", { body: FAULT, headers: { origin } });
  expect(answer.status).toBe(201);
});

test.each(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"])(
  "a control body sent as %s gets 415 and changes nothing",
  async (contentType) => {
    const { origin, mock } = await startMock();
    const answer = await controlRequest(origin, "POST", "/faults", { body: JSON.stringify(FAULT), headers: { "content-type": contentType } });
    expect(answer.status).toBe(415);
    expect(mock.faults.list()).toEqual([]);
  },
);

test(`a control body larger than ${CONTROL_BODY_LIMIT} gets 413 and changes nothing`, async () => {
  const { origin, mock } = await startMock();
  const answer = await controlRequest(origin, "POST", "/faults", { body: { ...FAULT, name: "x".repeat(17 * 1024) } });
  expect(answer.status).toBe(413);
  expect(mock.faults.list()).toEqual([]);
});

test("a control body that is not JSON gets 400", async () => {
  const { origin } = await startMock();
  const answer = await controlRequest(origin, "POST", "/faults", { body: "{path:" });
  expect(answer.status).toBe(400);
  expect(answer.body.error.code).toBe("BODY_NOT_JSON");
});

test("the journal keeps its newest entries up to its limit and counts the dropped ones (GET /__mock/journal)", async () => {
  const { origin } = await startMock({ journalLimit: 3 });
  for (const page of [1, 2, 3, 1, 2]) await (await fetch(`${origin}/app/pages/${page}`)).text();
  const { entries, dropped } = (await controlRequest(origin, "GET", "/journal")).body;
  expect(entries.map((entry: { url: string }) => entry.url)).toEqual(["/app/pages/3", "/app/pages/1", "/app/pages/2"]);
  expect(dropped).toBe(2);
});

test("control requests are not journaled", async () => {
  const { origin } = await startMock();
  await controlRequest(origin, "GET", "/faults");
  expect((await controlRequest(origin, "GET", "/journal")).body.entries).toEqual([]);
});

test.each([
  ["POST", "/faults"],
  ["PUT", "/config"],
  ["PUT", "/scenario"],
])("%s /__mock%s without a body gets 400 and changes nothing", async (method, path) => {
  const { origin, mock } = await startMock();
  const configBefore = mock.getConfig();
  const answer = await controlRequest(origin, method, path, { body: "" });
  expect(answer.status).toBe(400);
  expect(answer.body.error.code).toBe("BODY_MISSING");
  expect(mock.getConfig()).toBe(configBefore);
  expect(mock.faults.list()).toEqual([]);
});

test.each([
  ["POST", "/faults"],
  ["PUT", "/config"],
  ["PUT", "/scenario"],
])("%s /__mock%s with an empty chunked body gets 400 BODY_MISSING and changes nothing", async (method, path) => {
  const { origin, mock } = await startMock();
  const configBefore = mock.getConfig();
  const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(`${origin}/__mock${path}`, { method, headers: { "content-type": "application/json", "transfer-encoding": "chunked" } }, (res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
  expect(answer.status).toBe(400);
  expect(JSON.parse(answer.body).error.code).toBe("BODY_MISSING");
  expect(mock.getConfig()).toBe(configBefore);
});
