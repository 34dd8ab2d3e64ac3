/**
 * Starts the mock server as a child process on an ephemeral loopback port and talks to its control
 * API over HTTP, exactly as a person or a CI job would. The child exits by itself when this process
 * goes away (IPC disconnect), so a crashed test worker leaves no server behind.
 */
import { type ControlClient, createControlClient } from "../../mock-server/control/controlClient.ts";
import type { DeployRequest, DeployState } from "../../mock-server/deploy/deploySchema.ts";
import type { Fault, FaultInput } from "../../mock-server/faults/faultSchema.ts";
import type { JournalEntry } from "../../mock-server/journal/journal.ts";
import { forkListening } from "../../mock-server/process/forkListening.ts";
import { serverEntry } from "../../mock-server/process/serverEntry.ts";
import type { ShellConfigPatch } from "../../mock-server/reference/shellConfigSchema.ts";
import type { ScenarioInput } from "../../mock-server/scenarios/scenarioSchema.ts";

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
  readonly config: () => Promise<Awaited<ReturnType<ControlClient["readConfig"]>>>;
  readonly applyScenario: (scenario: ScenarioInput) => Promise<void>;
  readonly addFault: (fault: FaultInput) => Promise<Fault>;
  readonly faults: () => Promise<Fault[]>;
  readonly removeFault: (id: string) => Promise<void>;
  /** The network switch: offline, the server refuses every request outside its control API (specs/checks/offline.ts). */
  readonly setOffline: (offline: boolean) => Promise<void>;
  /** A new build goes live (`POST /__mock/deploy`). */
  readonly deploy: (request?: DeployRequest) => Promise<DeployState>;
  readonly stop: () => Promise<void>;
}

export async function startMockServer(args: readonly string[] = []): Promise<MockServer> {
  const entry = serverEntry();
  const server = await forkListening(entry.script, ["--port", "0", "--host", "127.0.0.1", ...args], {
    name: "The mock server",
    timeoutMs: START_TIMEOUT_MS,
    execArgv: entry.execArgv,
    env: entry.env,
    quiet: true,
  });
  const { child, origin } = server;

  // A server that goes away mid-run otherwise shows up as a bare `fetch failed` (ECONNREFUSED) in
  // whichever test comes next; say that it exited, how, and that nothing in this process stopped it.
  let stopping = false;
  let exited: string | null = null;
  child.on("exit", (code, signal) => {
    exited = signal ? `signal ${signal}` : `code ${code}`;
  });
  const gone = (): string | undefined =>
    exited === null || stopping
      ? undefined
      : `The mock server at ${origin} (pid ${child.pid}) exited with ${exited} while this test worker still needed it, and this process did not stop it ` +
        `(code 0 is its own clean stop on SIGTERM, SIGINT or a closed IPC channel, so something else signalled it).\n${server.stderr()}`;
  return mockServerAt({ origin, appUrl: server.url ?? `${origin}/app/` }, gone, () => {
    stopping = true;
    return server.stop();
  });
}

/** Where a running mock server listens: what a run's global setup hands its test workers. */
export interface MockServerAddress {
  readonly origin: string;
  readonly appUrl: string;
}

/**
 * A mock server this process did not start (the run's global setup did, for this worker's parallel
 * index: it outlives the test workers that Playwright replaces after each failed test). Stopping it
 * is its starter's job.
 */
export function connectMockServer(address: MockServerAddress): MockServer {
  // Only a call that reached no server is explained; the control API's own 4xx answers pass as they are.
  const gone = (error: unknown) =>
    error instanceof TypeError && error.message === "fetch failed"
      ? `The mock server at ${address.origin}, started for the whole run by the suite's global setup (specs/harness/startRun.ts), did not answer: it has exited.`
      : undefined;
  return mockServerAt(address, gone, async () => undefined);
}

/** The control client of the server at `address`; `gone` explains a failed call when the server is known to be away. */
function mockServerAt(address: MockServerAddress, gone: (error: unknown) => string | undefined, stop: () => Promise<void>): MockServer {
  const { origin } = address;
  const client = createControlClient(origin);
  const call = async <T>(use: (control: ControlClient) => Promise<T>): Promise<T> => {
    try {
      return await use(client);
    } catch (error) {
      const why = gone(error);
      if (why === undefined) throw error;
      throw new Error(why, { cause: error });
    }
  };
  return {
    origin,
    appUrl: address.appUrl,
    journal: async () => (await call((control) => control.journal())).entries,
    reset: () => call((control) => control.reset()),
    configure: async (patch) => {
      await call((control) => control.configure(patch));
    },
    config: () => call((control) => control.readConfig()),
    applyScenario: (scenario) => call((control) => control.applyScenario(scenario)),
    addFault: (fault) => call((control) => control.addFault(fault)),
    faults: () => call((control) => control.listFaults()),
    removeFault: (id) => call((control) => control.removeFault(id)),
    setOffline: async (offline) => {
      await call((control) => control.setOffline(offline));
    },
    deploy: (request) => call((control) => control.deploy(request)),
    stop,
  };
}
