/** Faults that cut the connection instead of answering: reset (RST), drop (FIN) and garbage. */
import { request } from "node:http";
import { describe, expect } from "vitest";
import { rawExchange } from "../testing/rawExchange.ts";
import { type TestServer, test } from "../testing/testServer.ts";
import { GARBAGE_BYTES, garbageBytes } from "./garbage.ts";
import { seededRandom } from "./seededRandom.ts";

/** How node:http reports a failed GET: its error's code and the system call that saw it, if any. */
function getError(server: TestServer, path: string): Promise<{ code: string | undefined; syscall: string | undefined; message: string }> {
  return new Promise((resolve, reject) => {
    request(`${server.origin}${path}`, () => reject(new Error(`${path} got a response`)))
      .on("error", (error: NodeJS.ErrnoException) => resolve({ code: error.code, syscall: error.syscall, message: error.message }))
      .end();
  });
}

describe("reset", () => {
  test("NAV-6 a reset fault aborts the connection with an RST: the client reads ECONNRESET", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", reset: true });
    expect(await rawExchange(server.origin, "/app/pages/1")).toEqual({ bytes: Buffer.alloc(0), end: "ECONNRESET" });
    expect(await getError(server, "/app/pages/1")).toMatchObject({ code: "ECONNRESET", syscall: "read" });
  });

  test("NAV-6 journals a reset request as reset, with its fault id and no status", async ({ server }) => {
    const fault = await server.addFault({ path: "/app/pages/1", reset: true });
    await rawExchange(server.origin, "/app/pages/1");
    expect(await server.journalEntry((e) => e.url === "/app/pages/1")).toMatchObject({ outcome: "reset", fault: fault.id, faultApplied: true, status: null });
  });

  test("?__close=reset resets this one request", async ({ server }) => {
    expect((await rawExchange(server.origin, "/app/pages/1?__close=reset")).end).toBe("ECONNRESET");
    expect((await server.journalEntry((e) => e.fault === "request")).outcome).toBe("reset");
  });
});

describe("drop", () => {
  test("NAV-6 a drop fault closes the connection cleanly (FIN) with no response, unlike a reset", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", drop: true });
    expect(await rawExchange(server.origin, "/app/pages/1")).toEqual({ bytes: Buffer.alloc(0), end: "fin" });
    expect(await getError(server, "/app/pages/1")).toMatchObject({ code: "ECONNRESET", message: "socket hang up", syscall: undefined });
  });

  test("x-mock-close: drop drops this one request", async ({ server }) => {
    expect(await rawExchange(server.origin, "/app/pages/1", { "x-mock-close": "drop" })).toEqual({ bytes: Buffer.alloc(0), end: "fin" });
    expect((await server.journalEntry((e) => e.fault === "request")).outcome).toBe("dropped");
  });
});

describe("garbage", () => {
  test("a garbage fault sends bytes that are not HTTP, then closes", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", garbage: true });
    const { bytes, end } = await rawExchange(server.origin, "/app/pages/1");
    expect({ length: bytes.length, end }).toEqual({ length: GARBAGE_BYTES, end: "fin" });
    expect(bytes.subarray(0, 5).toString("latin1")).not.toBe("HTTP/");
  });

  test("an HTTP client fails to parse a garbage response", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", garbage: true });
    expect((await getError(server, "/app/pages/1")).code).toMatch(/^HPE_/);
    await expect(server.fetch("/app/pages/1")).rejects.toThrow(TypeError);
  });

  test("the garbage is the fault's seed's: the same seed sends the same bytes", async ({ server }) => {
    const fault = await server.addFault({ path: "/app/pages/1", garbage: true, seed: 7 });
    expect(fault.seed).toBe(7);
    const first = await rawExchange(server.origin, "/app/pages/1");
    const second = await rawExchange(server.origin, "/app/pages/1");
    const random = seededRandom(7);
    expect([first.bytes, second.bytes]).toEqual([garbageBytes(random), garbageBytes(random)]);
  });

  test("journals a garbage request as garbage, with no status", async ({ server }) => {
    const fault = await server.addFault({ path: "/app/pages/1", garbage: true });
    await rawExchange(server.origin, "/app/pages/1");
    expect(await server.journalEntry((e) => e.url === "/app/pages/1")).toMatchObject({ outcome: "garbage", fault: fault.id, status: null });
  });

  test("?__close=garbage sends garbage for this one request", async ({ server }) => {
    expect((await rawExchange(server.origin, "/app/pages/1?__close=garbage")).bytes).toHaveLength(GARBAGE_BYTES);
  });
});
