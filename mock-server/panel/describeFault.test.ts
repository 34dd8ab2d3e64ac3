import { expect, test } from "vitest";
import type { Fault } from "../faults/faultSchema.ts";
import { describeFault } from "./describeFault.ts";

const fault = (overrides: Partial<Fault>): Fault => ({
  id: "f1",
  path: "/app/**",
  representation: "any",
  remaining: null,
  hits: 0,
  createdAt: new Date(0).toISOString(),
  ...overrides,
});

test.each<[string, Partial<Fault>, string]>([
  ["a status", { status: 403 }, "403 Forbidden"],
  ["a status it has no words for", { status: 418 }, "418"],
  ["a quota", { quota: { limit: 10, windowMs: 60_000 } }, "Lets 10 requests through per 60000 ms, then 429 Too Many Requests, with Retry-After"],
  ["a redirect", { redirect: { to: "/login", status: 302 } }, "Redirects (302) to /login"],
  ["a portal for documents", { portal: true, representation: "document" }, "Answers with a captive portal's sign-in page (200), documents only"],
  [
    "an outage",
    { status: 503, outage: { afterMs: 5000, forMs: 10_000 } },
    "503 Service Unavailable, with Retry-After, only from 5000 ms after it was added, for 10000 ms",
  ],
  ["a 500", { status: 500 }, "500 Internal Server Error, with a digest"],
  ["a late status for documents", { status: 404, delayMs: 200, representation: "document" }, "404 Not Found after 200 ms, documents only"],
  ["a drop for data requests", { drop: true, representation: "data" }, "Drops the connection, data requests only"],
  ["a hang", { hang: true }, "Never answers"],
  ["latency alone for some methods", { delayMs: 1500, methods: ["GET", "HEAD"] }, "Answers normally after 1500 ms, GET, HEAD only"],
  ["a reset", { reset: true }, "Resets the connection (RST)"],
  ["garbage with its seed", { garbage: true, seed: 7 }, "Sends garbage, then closes, seed 7"],
  ["a script that throws", { throwOnLoad: true }, "Answers with a script that throws"],
  ["a truncated 503", { status: 503, truncate: { bytes: 100 } }, "503 Service Unavailable, with Retry-After, cut after 100 bytes"],
  ["a dribble by chunks", { dribble: { chunks: 4, overMs: 2000 } }, "Answers normally, in 4 chunks over 2000 ms"],
  ["a dribble by rate", { dribble: { bytesPerSecond: 500 } }, "Answers normally, at 500 bytes/s"],
  ["jitter", { delayMs: 300, jitterMs: 100 }, "Answers normally after 300 ± 100 ms"],
  ["extra headers", { status: 404, responseHeaders: { "Cache-Control": "max-age=60" } }, "404 Not Found, with Cache-Control"],
  ["a probability", { status: 503, probability: 0.333, seed: 42 }, "503 Service Unavailable, with Retry-After, on 33.3% of requests, seed 42"],
  [
    "a sequence",
    { sequence: [{ status: 503 }, { delayMs: 100, reset: true }, { pass: true }] },
    "In turn: 503 Service Unavailable, with Retry-After; Resets the connection (RST) after 100 ms; Answers normally (the last repeats)",
  ],
])("describes %s", (_name, overrides, text) => {
  expect(describeFault(fault(overrides))).toBe(text);
});
