/**
 * Starts the mock server as a child process on an ephemeral loopback port and talks to its control
 * API over HTTP, exactly as a person or a CI job would. The child exits by itself when this process
 * goes away (IPC disconnect), so a crashed test worker leaves no server behind.
 */
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Fault, FaultInput } from "../../mock-server/faults/faultSchema.ts";
import type { JournalEntry } from "../../mock-server/journal.ts";
import type { ShellConfigPatch } from "../../mock-server/shellConfigSchema.ts";

const SERVE = fileURLToPath(new URL("../../mock-server/serve.mjs", import.meta.url));

/** Generous: a cold start loads tsx, Express and react-dom/server (about 1 s on a busy 2-core machine). */
const START_TIMEOUT_MS = 30_000;

export interface MockServer {
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  /** The app root, `origin + '/app/'`. */
  readonly appUrl: string;
  readonly journal: () => Promise<JournalEntry[]>;
  readonly reset: () => Promise<void>;
  readonly configure: (patch: ShellConfigPatch) => Promise<void>;
  readonly addFault: (fault: FaultInput) => Promise<Fault>;
  readonly faults: () => Promise<Fault[]>;
  readonly stop: () => Promise<void>;
}

async function control(origin: string, method: string, path: string, body?: unknown): Promise<Response> {
  const response = await fetch(`${origin}/__mock${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`Mock server control ${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response;
}

export async function startMockServer(args: readonly string[] = []): Promise<MockServer> {
  // execArgv: [] — serve.mjs sets up tsx itself. Inheriting the parent's flags (`node --import tsx`
  // for a bench script) would register tsx first with the root tsconfig, which includes no file, so
  // the server's .tsx would compile with the classic JSX runtime and every page would answer 500.
  const child: ChildProcess = fork(SERVE, ["--port", "0", "--host", "127.0.0.1", ...args], { stdio: ["ignore", "ignore", "pipe", "ipc"], execArgv: [] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const { origin, url } = await new Promise<{ origin: string; url: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The mock server did not start within ${START_TIMEOUT_MS} ms.\n${stderr}`)), START_TIMEOUT_MS);
    child.on("message", (message: { type?: string; origin?: string; url?: string }) => {
      if (message.type === "listening" && message.origin && message.url) {
        clearTimeout(timer);
        resolve({ origin: message.origin, url: message.url });
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`The mock server exited with code ${code} before listening.\n${stderr}`));
    });
  });

  // A server that goes away mid-run otherwise shows up as a bare `fetch failed` (ECONNREFUSED) in
  // whichever test comes next; say that it exited, how, and that nothing in this process stopped it.
  let stopping = false;
  let exited: string | null = null;
  child.on("exit", (code, signal) => {
    exited = signal ? `signal ${signal}` : `code ${code}`;
  });
  const call = async (method: string, path: string, body?: unknown): Promise<Response> => {
    try {
      return await control(origin, method, path, body);
    } catch (error) {
      if (exited === null || stopping) throw error;
      throw new Error(
        `The mock server at ${origin} (pid ${child.pid}) exited with ${exited} while this test worker still needed it, and this process did not stop it ` +
          `(code 0 is its own clean stop on SIGTERM, SIGINT or a closed IPC channel, so something else signalled it).\n${stderr}`,
        { cause: error },
      );
    }
  };
  return {
    origin,
    appUrl: url,
    journal: async () => ((await (await call("GET", "/journal")).json()) as { entries: JournalEntry[] }).entries,
    reset: async () => {
      await call("POST", "/reset");
    },
    configure: async (patch) => {
      await call("PUT", "/config", patch);
    },
    addFault: async (fault) => (await (await call("POST", "/faults", fault)).json()) as Fault,
    faults: async () => ((await (await call("GET", "/faults")).json()) as { faults: Fault[] }).faults,
    stop: () =>
      new Promise((resolve) => {
        stopping = true;
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
