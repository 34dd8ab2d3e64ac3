import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, test, vi } from "vitest";
import { DEFAULT_SHELL_CONFIG } from "../src/core/shellConfig.ts";
import { CONTROL_PREFIX, JOURNAL_STREAM_PATH } from "./controlPaths.ts";
import { controlRoutes } from "./controlRoutes.ts";
import { FaultStore } from "./faults/FaultStore.ts";
import { Journal, type NewEntry } from "./journal.ts";
import { journalStream } from "./journalStream.ts";

/** One server-sent message: an event with its fields, or a comment (a heartbeat). */
type Message = { id?: string; event?: string; data?: string; retry?: string } | { comment: string };

/** Reads an event stream message by message, as an EventSource would, from a fetch response. */
function messagesOf(response: Response) {
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) throw new Error("The stream response has no body.");
  let buffer = "";
  return async function next(): Promise<Message> {
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith(":")) return { comment: block.slice(1).trim() };
        return Object.fromEntries(block.split("\n").map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trimStart()]));
      }
      const { value, done } = await reader.read();
      if (done) throw new Error(`The stream ended; unread: ${JSON.stringify(buffer)}`);
      buffer += value;
    }
  };
}

const request = (url: string): NewEntry => ({
  time: new Date(0).toISOString(),
  method: "GET",
  url,
  status: 200,
  durationMs: 1,
  fromWorker: false,
  accept: "text/html",
  secFetchMode: "navigate",
  secFetchDest: "document",
  outcome: "completed",
  fault: null,
  digest: null,
});

let server: Server | undefined;
const aborts: AbortController[] = [];

afterEach(async () => {
  for (const abort of aborts.splice(0)) abort.abort();
  // fetch keeps idle keep-alive connections open; cut them so close() does not wait for their timeout.
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** The control API on an ephemeral port, with the stream as the panel uses it. */
async function startControl(journal = new Journal()) {
  const app = express();
  app.use(
    CONTROL_PREFIX,
    controlRoutes({
      journal,
      faults: new FaultStore(),
      getConfig: () => DEFAULT_SHELL_CONFIG,
      patchConfig: () => DEFAULT_SHELL_CONFIG,
      reset: () => journal.clear(),
      applyScenario: () => undefined,
      getScenario: () => null,
    }),
  );
  return listen(app, journal);
}

async function listen(app: express.Express, journal: Journal) {
  const started = createServer(app);
  server = started;
  await new Promise<void>((resolve) => started.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(started.address() as AddressInfo).port}`;
  const open = async (path: string, headers: Record<string, string> = {}) => {
    const abort = new AbortController();
    aborts.push(abort);
    const response = await fetch(`${origin}${path}`, { headers, signal: abort.signal });
    return { response, next: messagesOf(response), close: () => abort.abort() };
  };
  return { origin, journal, open };
}

const STREAM = `${CONTROL_PREFIX}${JOURNAL_STREAM_PATH}`;

describe("GET /__mock/journal/stream", () => {
  test("answers with an uncached event stream and a reconnection delay", async () => {
    const { open } = await startControl();
    const { response, next } = await open(STREAM);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await next()).toEqual({ retry: "1000" });
  });

  test("sends one entry event per new journal entry, with the entry's id", async () => {
    const { open, journal } = await startControl();
    const { next } = await open(STREAM);
    await next();
    const first = journal.add(request("/app/"));
    const second = journal.add(request("/app/pages/1"));
    expect(await next()).toEqual({ id: String(first.id), event: "entry", data: JSON.stringify(first) });
    expect(await next()).toEqual({ id: String(second.id), event: "entry", data: JSON.stringify(second) });
  });

  test("replays the entries after ?after before the new ones", async () => {
    const journal = new Journal();
    const [, second, third] = ["/app/", "/app/pages/1", "/app/pages/2"].map((url) => journal.add(request(url)));
    const { open } = await startControl(journal);
    const { next } = await open(`${STREAM}?after=1`);
    await next();
    expect([(await next()) as { id: string }, (await next()) as { id: string }].map((message) => message.id)).toEqual([String(second?.id), String(third?.id)]);
    const fourth = journal.add(request("/app/pages/3"));
    expect(await next()).toMatchObject({ id: String(fourth.id) });
  });

  test("resumes after the Last-Event-ID an EventSource sends when it reconnects, over ?after", async () => {
    const journal = new Journal();
    for (const url of ["/app/", "/app/pages/1", "/app/pages/2"]) journal.add(request(url));
    const { open } = await startControl(journal);
    const { next } = await open(`${STREAM}?after=0`, { "last-event-id": "2" });
    await next();
    expect(await next()).toMatchObject({ id: "3", event: "entry" });
  });

  test("sends a clear event when the journal is reset", async () => {
    const { open, origin } = await startControl();
    const { next } = await open(STREAM);
    await next();
    expect((await fetch(`${origin}${CONTROL_PREFIX}/reset`, { method: "POST" })).status).toBe(204);
    expect(await next()).toEqual({ event: "clear", data: "{}" });
  });

  test("refuses a start that is not an entry id, with the fix", async () => {
    const { origin } = await startControl();
    const response = await fetch(`${origin}${STREAM}?after=latest`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: "INVALID_STREAM_START",
        message: "Failed to open the journal stream: 'latest' is not a journal entry id. Pass ?after=0 to replay every entry, or leave it out.",
      },
    });
  });

  test("accepts this server's own pages and refuses other origins, as the rest of the control API", async () => {
    const { open, origin } = await startControl();
    expect((await open(STREAM, { origin })).response.status).toBe(200);
    const foreign = await fetch(`${origin}${STREAM}`, { headers: { origin: "http://elsewhere.test" } });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe("CROSS_ORIGIN");
  });

  test("stops listening to the journal and its heartbeat when the client closes the connection", async () => {
    // Only the interval functions are faked, so the heartbeat timer can be counted; sockets run for real.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const { open, journal } = await startControl();
      const { next, close } = await open(STREAM);
      await next();
      expect([journal.subscriberCount, vi.getTimerCount()]).toEqual([1, 1]);
      close();
      await expect.poll(() => [journal.subscriberCount, vi.getTimerCount()]).toEqual([0, 0]);
      // Entries after the client left reach no one and break nothing.
      expect(journal.add(request("/app/")).id).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  test("sends heartbeats while the journal is quiet", async () => {
    const journal = new Journal();
    const app = express();
    app.get("/stream", journalStream(journal, { heartbeatMs: 5 }));
    const { open } = await listen(app, journal);
    const { next } = await open("/stream");
    await next();
    expect(await next()).toEqual({ comment: "heartbeat" });
    expect(await next()).toEqual({ comment: "heartbeat" });
  });
});
