/** `sequence`: the responses a fault gives in turn, e.g. fails twice, then works. */
import { describe, expect } from "vitest";
import { rawExchange } from "../testing/rawExchange.ts";
import { statusesOf } from "../testing/statusesOf.ts";
import { test } from "../testing/testServer.ts";
import { RETRY_AFTER_SECONDS } from "./status.ts";

describe("sequence", () => {
  test("fails twice with 503, then works, and keeps working (the last step repeats)", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", sequence: [{ status: 503 }, { status: 503 }, { pass: true }] });
    expect(await statusesOf(server, "/app/pages/1", 5)).toEqual([503, 503, 200, 200, 200]);
  });

  test("repeats the last step when it is a failure too", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", sequence: [{ status: 404 }, { status: 403 }] });
    expect(await statusesOf(server, "/app/pages/1", 4)).toEqual([404, 403, 403, 403]);
  });

  test("with times, ends after that many requests instead", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", sequence: [{ status: 503 }, { status: 500 }], times: 2 });
    expect(await statusesOf(server, "/app/pages/1", 3)).toEqual([503, 500, 200]);
    expect(await server.faults()).toEqual([]);
  });

  test("steps may cut the connection, wait, or shape the body", async ({ server }) => {
    const fault = await server.addFault({ path: "/app/pages/1", sequence: [{ reset: true }, { delayMs: 30, status: 503 }, { truncate: { bytes: 5 } }] });
    expect((await rawExchange(server.origin, "/app/pages/1")).end).toBe("ECONNRESET");
    expect(await statusesOf(server, "/app/pages/1", 1)).toEqual([503]);
    await expect(server.fetch("/app/pages/1").then((response) => response.text())).rejects.toThrow(TypeError);
    const entries = server.app.journal.list().entries.filter((entry) => entry.fault === fault.id);
    expect(entries.map((entry) => [entry.outcome, entry.status])).toEqual([
      ["reset", null],
      ["completed", 503],
      ["truncated", 200],
    ]);
    expect(entries[1]?.durationMs).toBeGreaterThanOrEqual(30);
  });

  test("counts the fault's applications, whatever path its glob matched", async ({ server }) => {
    await server.addFault({ path: "/app/pages/*", sequence: [{ status: 503 }, { pass: true }] });
    expect([...(await statusesOf(server, "/app/pages/1", 1)), ...(await statusesOf(server, "/app/pages/2", 1))]).toEqual([503, 200]);
  });

  test("a request its probability spares does not advance the sequence", async ({ server }) => {
    // Seed 1 at one half spares the first request and applies to the second (randomFaults.test.ts).
    await server.addFault({ path: "/app/pages/1", sequence: [{ status: 404 }, { status: 403 }], probability: 0.5, seed: 1 });
    expect(await statusesOf(server, "/app/pages/1", 2)).toEqual([200, 404]);
  });
});

describe("503", () => {
  test("a 503 fault answers the server-error page with Retry-After", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", status: 503 });
    const response = await server.fetch("/app/pages/1");
    await response.arrayBuffer();
    expect({ status: response.status, retryAfter: response.headers.get("retry-after") }).toEqual({ status: 503, retryAfter: String(RETRY_AFTER_SECONDS) });
  });

  test("?__status=503 answers 503 with Retry-After for this one request", async ({ server }) => {
    const response = await server.fetch("/app/pages/1?__status=503");
    await response.arrayBuffer();
    expect({ status: response.status, retryAfter: response.headers.get("retry-after") }).toEqual({ status: 503, retryAfter: String(RETRY_AFTER_SECONDS) });
  });
});
