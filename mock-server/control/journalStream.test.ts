import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, onTestFinished, test, vi } from "vitest";
import type { AppOptions } from "../createApp.ts";
import { Journal } from "../journal/journal.ts";
import { documentEntry } from "../testing/journalEntry.ts";
import { startMock } from "../testing/startMock.ts";
import { CONTROL_PREFIX, JOURNAL_STREAM_PATH } from "./controlPaths.ts";
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

const request = documentEntry;

const STREAM = `${CONTROL_PREFIX}${JOURNAL_STREAM_PATH}`;

/** Opens an event stream and closes it when the test finishes. */
async function open(url: string, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  onTestFinished(() => abort.abort());
  const response = await fetch(url, { headers, signal: abort.signal });
  return { response, next: messagesOf(response), close: () => abort.abort() };
}

/** The whole mock server on a fake build, with the stream where the panel finds it. */
async function startStream(options: AppOptions = {}) {
  const { mock, origin } = await startMock(options);
  return { journal: mock.journal, origin, open: (query = "", headers: Record<string, string> = {}) => open(`${origin}${STREAM}${query}`, headers) };
}

describe("GET /__mock/journal/stream", () => {
  test("answers with an uncached event stream and a reconnection delay", async () => {
    const { open } = await startStream();
    const { response, next } = await open();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await next()).toEqual({ retry: "1000" });
  });

  test("sends one entry event per new journal entry, with the entry's id", async () => {
    const { open, journal } = await startStream();
    const { next } = await open();
    await next();
    const first = journal.add(request("/app/"));
    const second = journal.add(request("/app/pages/1"));
    expect(await next()).toEqual({ id: String(first.id), event: "entry", data: JSON.stringify(first) });
    expect(await next()).toEqual({ id: String(second.id), event: "entry", data: JSON.stringify(second) });
  });

  test("replays the entries after ?after before the new ones", async () => {
    const { open, journal } = await startStream();
    const [, second, third] = ["/app/", "/app/pages/1", "/app/pages/2"].map((url) => journal.add(request(url)));
    const { next } = await open("?after=1");
    await next();
    expect([(await next()) as { id: string }, (await next()) as { id: string }].map((message) => message.id)).toEqual([String(second?.id), String(third?.id)]);
    const fourth = journal.add(request("/app/pages/3"));
    expect(await next()).toMatchObject({ id: String(fourth.id) });
  });

  test("resumes after the Last-Event-ID an EventSource sends when it reconnects, over ?after", async () => {
    const { open, journal } = await startStream();
    for (const url of ["/app/", "/app/pages/1", "/app/pages/2"]) journal.add(request(url));
    const { next } = await open("?after=0", { "last-event-id": "2" });
    await next();
    expect(await next()).toMatchObject({ id: "3", event: "entry" });
  });

  test("sends a clear event when the journal is reset", async () => {
    const { open, origin } = await startStream();
    const { next } = await open();
    await next();
    expect((await fetch(`${origin}${CONTROL_PREFIX}/reset`, { method: "POST" })).status).toBe(204);
    expect(await next()).toEqual({ event: "clear", data: "{}" });
  });

  test("refuses a start that is not an entry id, with the fix", async () => {
    const { origin } = await startStream();
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
    const { open, origin } = await startStream();
    expect((await open("", { origin })).response.status).toBe(200);
    const foreign = await fetch(`${origin}${STREAM}`, { headers: { origin: "http://elsewhere.test" } });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe("CROSS_ORIGIN");
  });

  test("stops listening to the journal and its heartbeat when the client closes the connection", async () => {
    // Only the interval functions are faked, so the heartbeat timer can be counted; sockets run for real.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const { open, journal } = await startStream();
      const { next, close } = await open();
      await next();
      expect([journal.subscriberCount, vi.getTimerCount()]).toEqual([1, 1]);
      close();
      await expect.poll(() => [journal.subscriberCount, vi.getTimerCount()]).toEqual([0, 0]);
      // Entries after the client left reach no one and break nothing.
      expect(journal.add(request("/app/")).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  test("needs the control token when the server has one, as the rest of the control API", async () => {
    const token = "0123456789abcdef0123456789abcdef";
    const { open } = await startStream({ controlToken: token });
    expect((await open()).response.status).toBe(401);
    expect((await open("", { authorization: `Bearer ${token}` })).response.status).toBe(200);
  });

  test("sends heartbeats while the journal is quiet", async () => {
    const app = express();
    app.get("/stream", journalStream(new Journal(), { heartbeatMs: 5 }));
    const server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    onTestFinished(() => {
      server.closeAllConnections();
      server.close();
    });
    const { next } = await open(`http://127.0.0.1:${(server.address() as AddressInfo).port}/stream`);
    await next();
    expect(await next()).toEqual({ comment: "heartbeat" });
    expect(await next()).toEqual({ comment: "heartbeat" });
  });
});
