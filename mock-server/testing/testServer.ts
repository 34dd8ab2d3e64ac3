/**
 * Test-only: runs `createApp(options)` on an ephemeral loopback port with real HTTP, and captures the
 * pino lines it logs. The `test` fixture gives each test a fresh `server` (or `serve(options)` for
 * other options) on a fake build made once per test file, and closes whatever it started when the
 * test ends.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type Logger, pino } from "pino";
import { test as base, vi } from "vitest";
import { createControlClient } from "../control/controlClient.ts";
import { type AppOptions, createApp, type MockApp } from "../createApp.ts";
import type { Fault, FaultInput } from "../faults/faultSchema.ts";
import type { JournalEntry } from "../journal/journal.ts";
import { serveUpgrades } from "../proxy/serveUpgrades.ts";
import { type FakeDist, makeFakeDist, removeFakeDist } from "./fakeDist.ts";

/**
 * How long to wait for a signal the server gives by itself (a journal entry, a fault hit). The server
 * writes them within a tick of the event; a second is 100× that on a busy 2-core machine.
 */
const SIGNAL_TIMEOUT_MS = 1_000;

export interface TestServer {
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  readonly app: MockApp;
  /** `fetch(origin + path, init)` */
  readonly fetch: (path: string, init?: RequestInit) => Promise<Response>;
  /** A control API request (`/__mock` + path); a body is sent as JSON. */
  readonly control: (method: string, path: string, body?: unknown) => Promise<Response>;
  /** Adds a fault through the control API; throws unless it answers 201. */
  readonly addFault: (fault: FaultInput) => Promise<Fault>;
  /** `GET /__mock/faults` */
  readonly faults: () => Promise<Fault[]>;
  /** Resolves with the first journal entry that matches, once the server has written it. */
  readonly journalEntry: (match: (entry: JournalEntry) => boolean) => Promise<JournalEntry>;
  readonly close: () => Promise<void>;
}

export async function startTestServer(options: AppOptions = {}): Promise<TestServer> {
  const app = createApp(options);
  const server = createServer(app.handler);
  const closeUpgraded = serveUpgrades(server, app.upgrade);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fetchPath = (path: string, init?: RequestInit) => fetch(`${origin}${path}`, init);
  const control = (method: string, path: string, body?: unknown) =>
    fetchPath(`/__mock${path}`, body === undefined ? { method } : { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const client = createControlClient(origin);
  return {
    origin,
    app,
    fetch: fetchPath,
    control,
    addFault: client.addFault,
    faults: client.listFaults,
    journalEntry: (match) =>
      vi.waitFor(
        () => {
          const entry = app.journal.list().entries.find(match);
          if (!entry) throw new Error("no matching journal entry yet");
          return entry;
        },
        { timeout: SIGNAL_TIMEOUT_MS, interval: 5 },
      ),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets of global fetch and hung requests would hold close() open.
        server.closeAllConnections();
        closeUpgraded();
      }),
  };
}

/** One parsed pino line. */
export type LogLine = { readonly level: number; readonly msg: string } & Record<string, unknown>;

export interface LogCapture {
  /** Pass as `createApp({ logger })`. */
  readonly logger: Logger;
  readonly lines: () => LogLine[];
}

/** A logger at `info` that keeps its lines in memory (pino writes them synchronously). */
export function captureLogs(): LogCapture {
  const written: string[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void written.push(line) });
  return { logger, lines: () => written.map((line) => JSON.parse(line) as LogLine) };
}

interface ServerFixtures {
  $file: {
    /**
     * The build the servers serve unless a test passes its own `distDir`. Shared by the tests of a
     * file, so a test that plants or removes files makes its own (startMock, fakeDistForTest).
     */
    fakeDist: FakeDist;
  };
  $test: {
    /** Starts a server with these options; it is closed after the test. */
    serve: (options?: AppOptions) => Promise<TestServer>;
    /** A server with the default options (`/app`), fresh for this test. */
    server: TestServer;
  };
}

export const test = base.extend<ServerFixtures>({
  fakeDist: [
    // biome-ignore lint/correctness/noEmptyPattern: Vitest requires the destructuring form.
    async ({}, use) => {
      const dist = makeFakeDist();
      await use(dist);
      removeFakeDist(dist);
    },
    { scope: "file" },
  ],
  serve: async ({ fakeDist }, use) => {
    const started: TestServer[] = [];
    await use(async (options) => {
      const server = await startTestServer({ distDir: fakeDist.distDir, ...options });
      started.push(server);
      return server;
    });
    await Promise.all(started.map((server) => server.close()));
  },
  server: async ({ serve }, use) => {
    await use(await serve());
  },
});
