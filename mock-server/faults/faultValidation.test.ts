/**
 * The new faults' rules (reset, garbage, throwOnLoad, truncate, dribble, jitter, probability, seed, sequence,
 * responseHeaders): a 400 naming the field and the rule, and nothing changed.
 */
import { describe, expect } from "vitest";
import { type InvalidFault, refusesInvalidFaults } from "../testing/refusesInvalidFaults.ts";
import { test } from "../testing/testServer.ts";

const INVALID_FAULTS: readonly InvalidFault[] = [
  { what: "reset: false", body: { path: "/app/x", reset: false }, rule: "body.reset: must be true when present" },
  {
    what: "reset beside a status",
    body: { path: "/app/x", status: 503, reset: true },
    rule: "body: status, redirect, portal, drop, hang, reset, garbage and throwOnLoad exclude each other, got status and reset",
  },
  {
    what: "garbage beside drop",
    body: { path: "/app/x", drop: true, garbage: true },
    rule: "body: status, redirect, portal, drop, hang, reset, garbage and throwOnLoad exclude each other, got drop and garbage",
  },
  { what: "truncate without bytes", body: { path: "/app/x", truncate: {} }, rule: "body.truncate.bytes: must be a whole number of bytes" },
  { what: "truncate as a number", body: { path: "/app/x", truncate: 10 }, rule: 'body.truncate: must be an object with bytes, e.g. {"bytes": 100}' },
  { what: "negative truncate bytes", body: { path: "/app/x", truncate: { bytes: -1 } }, rule: "body.truncate.bytes: must be ≥ 0" },
  {
    what: "truncate on a reset",
    body: { path: "/app/x", reset: true, truncate: { bytes: 1 } },
    rule: "body: truncate needs a response to shape, and reset sends none",
  },
  { what: "dribble with chunks only", body: { path: "/app/x", dribble: { chunks: 4 } }, rule: "body.dribble: needs both chunks and overMs" },
  { what: "an empty dribble", body: { path: "/app/x", dribble: {} }, rule: "body.dribble: needs chunks and overMs, or bytesPerSecond" },
  {
    what: "dribble by chunks and by rate",
    body: { path: "/app/x", dribble: { chunks: 4, overMs: 100, bytesPerSecond: 10 } },
    rule: "body.dribble: chunks and overMs exclude bytesPerSecond: give one or the other",
  },
  {
    what: "one dribble chunk",
    body: { path: "/app/x", dribble: { chunks: 1, overMs: 100 } },
    rule: "body.dribble.chunks: must be ≥ 2 (one chunk is a delay: use delayMs)",
  },
  { what: "a dribble of 0 bytes a second", body: { path: "/app/x", dribble: { bytesPerSecond: 0 } }, rule: "body.dribble.bytesPerSecond: must be ≥ 1" },
  {
    what: "truncate and dribble",
    body: { path: "/app/x", truncate: { bytes: 1 }, dribble: { bytesPerSecond: 1 } },
    rule: "body: truncate and dribble exclude each other",
  },
  {
    what: "a dribbled hang",
    body: { path: "/app/x", hang: true, dribble: { bytesPerSecond: 1 } },
    rule: "body: dribble needs a response to shape, and hang sends none",
  },
  { what: "jitterMs without delayMs", body: { path: "/app/x", status: 404, jitterMs: 10 }, rule: "body.jitterMs: needs delayMs, the delay it varies" },
  { what: "jitterMs over delayMs", body: { path: "/app/x", delayMs: 10, jitterMs: 20 }, rule: "body.jitterMs: must be ≤ delayMs (a delay cannot go below 0)" },
  {
    what: "jitter past the longest delay",
    body: { path: "/app/x", delayMs: 100_000, jitterMs: 30_000 },
    rule: "body.jitterMs: delayMs + jitterMs must be ≤ 120000",
  },
  { what: "probability 1.5", body: { path: "/app/x", status: 404, probability: 1.5 }, rule: "body.probability: must be a number from 0 to 1" },
  { what: "probability '0.5'", body: { path: "/app/x", status: 404, probability: "0.5" }, rule: "body.probability: must be a number from 0 to 1" },
  {
    what: "a negative seed",
    body: { path: "/app/x", status: 404, probability: 0.5, seed: -1 },
    rule: "body.seed: must be a whole number from 0 to 4294967295",
  },
  { what: "a fractional seed", body: { path: "/app/x", status: 404, seed: 1.5 }, rule: "body.seed: must be a whole number from 0 to 4294967295" },
  { what: "an empty sequence", body: { path: "/app/x", sequence: [] }, rule: "body.sequence: must hold at least one step" },
  { what: "a sequence that is no list", body: { path: "/app/x", sequence: { status: 503 } }, rule: "body.sequence: must be a list of steps" },
  {
    what: "a sequence beside a status",
    body: { path: "/app/x", status: 503, delayMs: 5, sequence: [{ pass: true }] },
    rule: "body: sequence excludes status and delayMs beside it: give them to its steps",
  },
  {
    what: "an empty step",
    body: { path: "/app/x", sequence: [{ status: 503 }, {}] },
    rule: "body.sequence[1]: needs one of status, redirect, portal, delayMs, drop, hang, reset, garbage, throwOnLoad, truncate, dribble, responseHeaders or pass",
  },
  {
    what: "a step with a bad status",
    body: { path: "/app/x", sequence: [{ status: 600 }] },
    rule: "body.sequence[0].status: must be a whole number from 200 to 599",
  },
  {
    what: "a step that passes and fails",
    body: { path: "/app/x", sequence: [{ pass: true, status: 503 }] },
    rule: "body.sequence[0]: pass answers normally, so it excludes status",
  },
  {
    what: "a step with an unknown field",
    body: { path: "/app/x", sequence: [{ times: 2, status: 503 }] },
    rule: "body.sequence[0].times: is not a known field",
  },
  {
    what: "a step that resets and truncates",
    body: { path: "/app/x", sequence: [{ reset: true, truncate: { bytes: 1 } }] },
    rule: "body.sequence[0]: truncate needs a response to shape, and reset sends none",
  },
  {
    what: "responseHeaders as a list",
    body: { path: "/app/x", responseHeaders: ["a"] },
    rule: 'body.responseHeaders: must be an object of header names and values, e.g. {"Retry-After": "2"}',
  },
  {
    what: "a header value that is a number",
    body: { path: "/app/x", responseHeaders: { "Retry-After": 2 } },
    rule: 'body.responseHeaders["Retry-After"]: must be a string',
  },
  {
    what: "a header name with a space",
    body: { path: "/app/x", responseHeaders: { "Retry After": "2" } },
    rule: 'body.responseHeaders["Retry After"]: is not a header name (letters, digits and !#$%&\'*+-.^_`|~ only)',
  },
  {
    what: "a header value with a line break",
    body: { path: "/app/x", responseHeaders: { Location: "/a\r\nSet-Cookie: x=1" } },
    rule: "body.responseHeaders.Location: may hold visible ASCII characters, spaces and tabs only (no line breaks)",
  },
  {
    what: "a Content-Length header",
    body: { path: "/app/x", responseHeaders: { "Content-Length": "5" } },
    rule: 'body.responseHeaders["Content-Length"]: frames the message, so the server sets it from the body it sends (truncate cuts a body short)',
  },
  {
    what: "a header given twice",
    body: { path: "/app/x", responseHeaders: { "Cache-Control": "no-store", "cache-control": "max-age=60" } },
    rule: 'body.responseHeaders["cache-control"]: is given twice (header names ignore case)',
  },
  {
    what: "responseHeaders on a drop",
    body: { path: "/app/x", drop: true, responseHeaders: { "Retry-After": "2" } },
    rule: "body: responseHeaders needs a response to shape, and drop sends none",
  },
];

describe("validation of the new faults", () => {
  refusesInvalidFaults(INVALID_FAULTS);

  test("rejects a scenario whose fault has a bad sequence step, naming where, and keeps the faults", async ({ server }) => {
    const kept = await server.addFault({ path: "/app/pages/1", status: 404 });
    const response = await server.control("PUT", "/scenario", { name: "retries", faults: [{ path: "/app/**", sequence: [{ status: 503 }, { pass: false }] }] });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: "INVALID_SCENARIO", message: "Failed to apply the scenario: body.faults[0].sequence[1].pass: must be true when present." },
    });
    expect(await server.faults()).toEqual([kept]);
  });

  test("accepts a scenario with every new fault", async ({ server }) => {
    const response = await server.control("PUT", "/scenario", {
      name: "everything new",
      faults: [
        { path: "/app/a", reset: true },
        { path: "/app/b", garbage: true, seed: 1 },
        { path: "/app/c", truncate: { bytes: 10 } },
        { path: "/app/d", dribble: { chunks: 3, overMs: 300 } },
        { path: "/app/e", dribble: { bytesPerSecond: 1_000 } },
        { path: "/app/f", delayMs: 200, jitterMs: 100 },
        { path: "/app/g", status: 503, probability: 0.25, seed: 42 },
        { path: "/app/h", sequence: [{ status: 503, responseHeaders: { "Retry-After": "2" } }, { pass: true }] },
      ],
    });
    expect(response.status).toBe(200);
    expect(await server.faults()).toHaveLength(8);
  });
});

const INVALID_REQUEST_FAULTS: readonly { asked: string; headers?: Record<string, string>; message: string }[] = [
  { asked: "?__close=fin", message: "__close / x-mock-close: must be one of reset, drop, garbage" },
  { asked: "?__truncate=-1", message: "__truncate / x-mock-truncate: must be ≥ 0" },
  { asked: "?__truncate=abc", message: "__truncate / x-mock-truncate: must be a whole number of bytes" },
  { asked: "?__dribble=0", message: "__dribble / x-mock-dribble: must be ≥ 1" },
  { asked: "?__bps=0", message: "__bps / x-mock-bps: must be ≥ 1" },
  { asked: "?__dribble=100&__bps=10", message: "__dribble / x-mock-dribble and __bps / x-mock-bps exclude each other" },
  { asked: "?__jitter=10", message: "__jitter / x-mock-jitter: needs delayMs, the delay it varies" },
  { asked: "?__close=reset&__truncate=5", message: "truncate needs a response to shape, and reset sends none" },
  { asked: "x-mock-close: hang", headers: { "x-mock-close": "hang" }, message: "__close / x-mock-close: must be one of reset, drop, garbage" },
];

describe("validation of the request's own new faults", () => {
  for (const { asked, headers = {}, message } of INVALID_REQUEST_FAULTS) {
    test(`rejects ${asked} with a 400 naming the parameter`, async ({ server }) => {
      const response = await server.fetch(`/app/pages/1${asked.startsWith("?") ? asked : ""}`, { headers });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: { code: "INVALID_REQUEST_FAULT", message: `Failed to apply the request's fault: ${message}.` } });
    });
  }
});
