import type { ServerResponse } from "node:http";
import { connect } from "node:net";
import { getDefaultHighWaterMark } from "node:stream";
import express from "express";
import { expect, onTestFinished, test } from "vitest";
import { Journal } from "../journal/journal.ts";
import { documentEntry } from "../testing/journalEntry.ts";
import { listenForTest } from "../testing/listen.ts";
import { journalStream } from "./journalStream.ts";

/** About 1 kB per entry, so a few thousand overflow any socket buffer between the two ends. */
const entry = (n: number) => documentEntry(`/app/pages/${n}?${"x".repeat(1_000)}`);

/** 32 MB of entries: several times what the kernel buffers on loopback (a few MB each way). */
const ENTRIES = 32_000;

/**
 * Node's default highWaterMark (16 kB on Node 20, 64 kB since Node 22) plus room for one entry's
 * message: what a paused stream may hold.
 */
const BOUNDED_BUFFER_BYTES = getDefaultHighWaterMark(false) + 48 * 1024;

test("a stream whose client stops reading keeps a bounded buffer, then catches up with the newest entries", async () => {
  const journal = new Journal(10);
  let stream: ServerResponse | undefined;
  const app = express();
  app.get(
    "/stream",
    (_req, res, next) => {
      stream = res;
      next();
    },
    journalStream(journal),
  );
  const { port } = await listenForTest(app);
  const socket = connect(port, "127.0.0.1");
  onTestFinished(() => void socket.destroy());
  socket.setEncoding("utf8");
  let received = "";
  const ids: number[] = [];
  const lastArrived = new Promise<void>((resolve) => {
    socket.on("data", (chunk: string) => {
      received += chunk;
      const end = received.lastIndexOf("\n\n");
      for (const match of received.slice(0, end).matchAll(/^id: (\d+)$/gm)) ids.push(Number(match[1]));
      received = received.slice(end + 2);
      if (ids.at(-1) === ENTRIES) resolve();
    });
  });
  const opened = new Promise<void>((resolve) => socket.once("data", () => resolve()));
  socket.write("GET /stream?after=0 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  await opened;
  socket.pause();

  for (let n = 1; n <= ENTRIES; n++) journal.add(entry(n));
  expect(stream?.writableLength).toBeLessThan(BOUNDED_BUFFER_BYTES);

  socket.resume();
  await lastArrived;
  // What the kernel held arrives, then the journal's newest; what it dropped meanwhile is skipped.
  expect(ids.length).toBeLessThan(ENTRIES);
  expect(ids.every((id, i) => i === 0 || id > (ids[i - 1] ?? 0))).toBe(true);
});
