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
  ["a 500", { status: 500 }, "500 Internal Server Error, with a digest"],
  ["a late status for documents", { status: 404, delayMs: 200, representation: "document" }, "404 Not Found after 200 ms, documents only"],
  ["a drop for data requests", { drop: true, representation: "data" }, "Drops the connection, data requests only"],
  ["a hang", { hang: true }, "Never answers"],
  ["latency alone for some methods", { delayMs: 1500, methods: ["GET", "HEAD"] }, "Answers normally after 1500 ms, GET, HEAD only"],
])("describes %s", (_name, overrides, text) => {
  expect(describeFault(fault(overrides))).toBe(text);
});
