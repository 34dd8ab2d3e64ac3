/** Faults that shape the body of a response that does go out: truncate and dribble. */
import { describe, expect } from "vitest";
import { DATA_ACCEPT } from "../../src/core/page.ts";
import { test } from "../testing/testServer.ts";
import { timedGet } from "../testing/timedGet.ts";
import { BANDWIDTH_TICK_MS, dribbleSchedule } from "./dribble.ts";
import { DRIBBLE_SHORTCUT_CHUNKS } from "./requestFault.ts";

/** Long enough that pieces due apart arrive apart on a busy machine; short enough for a quick file. */
const DRIBBLE_MS = 400;

/** When the piece that carries a body's last byte is due, at this rate. */
function lastPieceDueMs(length: number, bytesPerSecond: number): number {
  const schedule = dribbleSchedule({ bytesPerSecond }, length);
  let index = 0;
  while ((schedule.endOf(index) ?? length) < length) index++;
  return schedule.atMs(index);
}

/** The first `count` pieces of a schedule as [bytes out once it is sent, ms it is due]. */
function piecesOf(dribble: Parameters<typeof dribbleSchedule>[0], length: number | null, count: number): [number | null, number][] {
  const schedule = dribbleSchedule(dribble, length);
  return Array.from({ length: Math.min(count, schedule.count) }, (_, i) => [schedule.endOf(i), schedule.atMs(i)]);
}

describe("truncate", () => {
  test("NAV-6 a truncate fault sends the headers and only the first bytes of the body, then closes", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", truncate: { bytes: 100 } });
    const response = await timedGet(server.origin, "/app/pages/1");
    expect(response.status).toBe(200);
    expect(response.ending).toBe("cut");
    expect(response.body).toHaveLength(100);
    expect(response.contentLength).toBeGreaterThan(100);
  });

  test("NAV-6 journals a truncated response as truncated, with the status it sent", async ({ server }) => {
    const fault = await server.addFault({ path: "/app/pages/1", truncate: { bytes: 100 } });
    await timedGet(server.origin, "/app/pages/1");
    expect(await server.journalEntry((e) => e.url === "/app/pages/1")).toMatchObject({ outcome: "truncated", fault: fault.id, status: 200 });
  });

  test("truncates a status page too: a 500's JSON body stops after 10 bytes", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", status: 500, truncate: { bytes: 10 } });
    const response = await timedGet(server.origin, "/app/pages/1", { accept: DATA_ACCEPT });
    expect({ status: response.status, body: response.body.toString(), ending: response.ending }).toEqual({ status: 500, body: '{"error":{', ending: "cut" });
  });

  test("truncate with bytes: 0 sends the headers alone", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", truncate: { bytes: 0 } });
    const response = await timedGet(server.origin, "/app/pages/1");
    expect({ status: response.status, bytes: response.body.length, ending: response.ending }).toEqual({ status: 200, bytes: 0, ending: "cut" });
  });

  test("a body no longer than bytes is sent whole and journaled as completed", async ({ server }) => {
    const fault = await server.addFault({ path: "/app/pages/1", truncate: { bytes: 1_000_000 } });
    const response = await timedGet(server.origin, "/app/pages/1");
    expect({ ending: response.ending, bytes: response.body.length }).toEqual({ ending: "complete", bytes: response.contentLength });
    expect((await server.journalEntry((e) => e.fault === fault.id)).outcome).toBe("completed");
  });

  test("?__truncate=50 truncates this one request", async ({ server }) => {
    const response = await timedGet(server.origin, "/app/pages/1?__truncate=50");
    expect({ bytes: response.body.length, ending: response.ending }).toEqual({ bytes: 50, ending: "cut" });
  });
});

describe("dribble", () => {
  test("NAV-5 a chunks/overMs dribble sends the body in pieces that arrive spread over overMs", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", dribble: { chunks: 4, overMs: DRIBBLE_MS } });
    const response = await timedGet(server.origin, "/app/pages/1");
    expect(response.ending).toBe("complete");
    expect(response.body).toHaveLength(response.contentLength ?? -1);
    // The last piece is not sent before overMs after the request came in, which is after it was sent.
    expect(response.pieces.at(-1)?.atMs).toBeGreaterThanOrEqual(DRIBBLE_MS);
    // Spread out, not merely late: the first piece came well before the last, in a separate read.
    expect(response.pieces.length).toBeGreaterThanOrEqual(2);
    expect(response.pieces[0]?.atMs).toBeLessThan(DRIBBLE_MS / 2);
  });

  test("NAV-5 a bytesPerSecond dribble takes the body's length over the rate", async ({ server }) => {
    const plain = await timedGet(server.origin, "/app/pages/1");
    // A rate at which the page takes about DRIBBLE_MS.
    const bytesPerSecond = Math.ceil((plain.body.length * 1_000) / DRIBBLE_MS);
    await server.addFault({ path: "/app/pages/1", dribble: { bytesPerSecond } });
    const response = await timedGet(server.origin, "/app/pages/1");
    expect(response.ending).toBe("complete");
    const lastPieceDue = lastPieceDueMs(response.body.length, bytesPerSecond);
    expect(lastPieceDue).toBeGreaterThan(DRIBBLE_MS - 2 * BANDWIDTH_TICK_MS);
    expect(response.pieces.at(-1)?.atMs).toBeGreaterThanOrEqual(lastPieceDue);
    expect(response.pieces[0]?.atMs).toBeLessThan(DRIBBLE_MS / 2);
  });

  test("dribbles a status page too, and journals it as completed once all of it is out", async ({ server }) => {
    const fault = await server.addFault({ path: "/app/pages/1", status: 404, dribble: { chunks: 2, overMs: 100 } });
    const response = await timedGet(server.origin, "/app/pages/1");
    expect({ status: response.status, ending: response.ending }).toEqual({ status: 404, ending: "complete" });
    expect(response.pieces.at(-1)?.atMs).toBeGreaterThanOrEqual(100);
    const entry = await server.journalEntry((e) => e.fault === fault.id);
    expect(entry).toMatchObject({ outcome: "completed", status: 404 });
    expect(entry.durationMs).toBeGreaterThanOrEqual(100);
  });

  test("a client that leaves mid-dribble is journaled as aborted, with the status already sent", async ({ server }) => {
    const fault = await server.addFault({ path: "/app/pages/1", dribble: { chunks: 2, overMs: 60_000 } });
    const client = new AbortController();
    const response = await server.fetch("/app/pages/1", { signal: client.signal });
    // The headers came with the first piece; the rest is a minute away.
    expect(response.status).toBe(200);
    client.abort();
    expect(await server.journalEntry((e) => e.fault === fault.id)).toMatchObject({ outcome: "aborted", status: 200 });
  });

  test(`?__dribble=${DRIBBLE_MS} sends this one body in ${DRIBBLE_SHORTCUT_CHUNKS} pieces over that many ms`, async ({ server }) => {
    const response = await timedGet(server.origin, `/app/pages/1?__dribble=${DRIBBLE_MS}`);
    expect(response.ending).toBe("complete");
    expect(response.pieces.at(-1)?.atMs).toBeGreaterThanOrEqual(DRIBBLE_MS);
    expect(response.pieces[0]?.atMs).toBeLessThan(DRIBBLE_MS / 2);
  });

  test("x-mock-bps limits this one body to that many bytes per second", async ({ server }) => {
    const plain = await timedGet(server.origin, "/app/pages/1");
    const bytesPerSecond = Math.ceil((plain.body.length * 1_000) / DRIBBLE_MS);
    const response = await timedGet(server.origin, "/app/pages/1", { "x-mock-bps": String(bytesPerSecond) });
    expect(response.pieces.at(-1)?.atMs).toBeGreaterThanOrEqual(lastPieceDueMs(response.body.length, bytesPerSecond));
    expect(response.pieces.at(-1)?.atMs).toBeGreaterThan(DRIBBLE_MS / 2);
  });
});

describe("dribbleSchedule", () => {
  test("cuts the body into chunks pieces, due evenly from 0 to overMs", () => {
    expect(piecesOf({ chunks: 4, overMs: 300 }, 10, 10)).toEqual([
      [2, 0],
      [5, 100],
      [7, 200],
      [10, 300],
    ]);
  });

  test("cuts no more pieces than the body has bytes", () => {
    expect(piecesOf({ chunks: 10, overMs: 100 }, 2, 10)).toEqual([
      [1, 0],
      [2, 100],
    ]);
  });

  test("without a known length, each piece is what has arrived by its time", () => {
    expect(piecesOf({ chunks: 3, overMs: 100 }, null, 10)).toEqual([
      [null, 0],
      [null, 50],
      [null, 100],
    ]);
  });

  test("at bytesPerSecond, sends each piece once the bytes before it have had their time", () => {
    // 100 B/s: 5 bytes a 50 ms tick.
    expect(piecesOf({ bytesPerSecond: 100 }, 10, 2)).toEqual([
      [5, 0],
      [10, 50],
    ]);
  });
});
