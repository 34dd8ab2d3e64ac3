/**
 * The one typed client of the control API under `/__mock/`, for the panel (same origin, `origin`
 * "") and for Node callers (the specs, the benchmarks, the tests) with the server's origin. A refusal
 * carries the server's own message: the server validates, callers do not second-guess it.
 */

import type { ShellConfig } from "../../src/core/shellConfig.ts";
import type { DeployRequest, DeployState } from "../deploy/deploySchema.ts";
import type { Fault, FaultInput } from "../faults/faultSchema.ts";
import type { ErrorBody } from "../http/httpError.ts";
import type { JournalEntry } from "../journal/journal.ts";
import type { Har } from "../journal/journalHar.ts";
import { type JournalCount, type JournalQuery, journalSearch, type NearMissReport } from "../journal/journalQuery.ts";
import type { NetworkState } from "../network/offline.ts";
import type { ShellConfigPatch } from "../reference/shellConfigSchema.ts";
import type { ReplaySummary, Unmatched } from "../replay/replayState.ts";
import type { ScenarioInput, ScenarioSummary } from "../scenarios/scenarioSchema.ts";
import { CONTROL_PREFIX, JOURNAL_COUNT_PATH, JOURNAL_HAR_PATH, JOURNAL_PATH, NEAR_MISSES_PATH } from "./controlPaths.ts";

export class ControlError extends Error {
  override readonly name = "ControlError";
  /** The HTTP status of a refusal; undefined when the server did not answer at all. */
  readonly status: number | undefined;
  constructor(message: string, status?: number, options?: ErrorOptions) {
    super(message, options);
    this.status = status;
  }
}

export interface Journal {
  readonly entries: JournalEntry[];
  /** Entries the journal let go of, oldest first, to stay within its bound. */
  readonly dropped: number;
}

export interface ControlClient {
  readonly listFaults: () => Promise<Fault[]>;
  readonly addFault: (input: FaultInput) => Promise<Fault>;
  readonly removeFault: (id: string) => Promise<void>;
  readonly clearFaults: () => Promise<void>;
  readonly reset: () => Promise<void>;
  readonly readConfig: () => Promise<ShellConfig>;
  readonly configure: (patch: ShellConfigPatch) => Promise<ShellConfig>;
  readonly readScenario: () => Promise<ScenarioSummary | null>;
  readonly applyScenario: (scenario: ScenarioInput) => Promise<void>;
  /** Whether the network switch is off (every request outside the control API refused at the socket). */
  readonly readNetwork: () => Promise<NetworkState>;
  /** Turns the network off (`true`: every request outside the control API is refused) or back on; reset turns it on. */
  readonly setOffline: (offline: boolean) => Promise<NetworkState>;
  /** The deploy number, the last deploy's option and the paths it retired. */
  readonly readDeploy: () => Promise<DeployState>;
  /** Deploys a new build now (proxy mode): the worker script gets new bytes; `oldAssets` says what the previous build's files answer. */
  readonly deploy: (request?: DeployRequest) => Promise<DeployState>;
  /** The HAR answering requests (`--replay`, `POST /__mock/replay`), or null. */
  readonly readReplay: () => Promise<ReplaySummary | null>;
  /**
   * Answers from this HAR from now on (proxy or replay mode): its JSON text as read from a file, or
   * the parsed object. `name` is what the summary calls it; `unmatched` what answers a request it lacks.
   */
  readonly loadReplay: (har: string | object, options?: { readonly name?: string; readonly unmatched?: Unmatched }) => Promise<ReplaySummary>;
  /** Stops answering from a HAR (until a reset brings back the one the server started with). */
  readonly stopReplay: () => Promise<void>;
  /** The journal, oldest first; with a query, only the entries every given filter holds for. */
  readonly journal: (query?: JournalQuery) => Promise<Journal>;
  /** How many entries match, without them: "how many times was X requested". */
  readonly countJournal: (query?: JournalQuery) => Promise<JournalCount>;
  /** The matching entries as HAR 1.2. */
  readonly journalHar: (query?: JournalQuery) => Promise<Har>;
  /** Requests that matched no fault, each with a fault it nearly matched and what differed; `fault` picks that fault. */
  readonly nearMisses: (query?: JournalQuery) => Promise<NearMissReport[]>;
}

async function refusal(response: Response, what: string): Promise<string> {
  try {
    const body = (await response.json()) as Partial<ErrorBody>;
    if (typeof body.error?.message === "string") return body.error.message;
  } catch {
    // Not the control API's JSON (a proxy's error page, say): describe the status instead.
  }
  return `Failed to ${what}: the mock server answered ${response.status} ${response.statusText}. Check its output.`;
}

/**
 * `origin` is "" for a page served by the mock server itself, else `http://host:port`. `headers` go
 * with every call (the control token, when the server was started with one).
 */
export function createControlClient(origin = "", headers: Readonly<Record<string, string>> = {}): ControlClient {
  async function control(method: string, path: string, what: string, body?: unknown): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${origin}${CONTROL_PREFIX}${path}`, {
        method,
        headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        // A string is JSON already (a HAR file's text, sent as read).
        body: body === undefined ? null : typeof body === "string" ? body : JSON.stringify(body),
      });
    } catch (error) {
      throw new ControlError(`Failed to ${what}: the mock server did not answer (${(error as Error).message}). Check that it is still running.`, undefined, {
        cause: error,
      });
    }
    if (!response.ok) throw new ControlError(await refusal(response, what), response.status);
    return response;
  }
  const json = async <T>(method: string, path: string, what: string, body?: unknown): Promise<T> =>
    (await (await control(method, path, what, body)).json()) as T;

  return {
    listFaults: async () => (await json<{ faults: Fault[] }>("GET", "/faults", "list the faults")).faults,
    addFault: (input) => json<Fault>("POST", "/faults", "add the fault", input),
    removeFault: async (id) => {
      await control("DELETE", `/faults/${encodeURIComponent(id)}`, `remove fault ${id}`);
    },
    clearFaults: async () => {
      await control("DELETE", "/faults", "remove the faults");
    },
    reset: async () => {
      await control("POST", "/reset", "reset the mock server");
    },
    readConfig: () => json<ShellConfig>("GET", "/config", "read the shell configuration"),
    configure: (patch) => json<ShellConfig>("PUT", "/config", "change the shell configuration", patch),
    readScenario: async () => (await json<{ scenario: ScenarioSummary | null }>("GET", "/scenario", "read the scenario")).scenario,
    applyScenario: async (scenario) => {
      await control("PUT", "/scenario", "apply the scenario", scenario);
    },
    readNetwork: () => json<NetworkState>("GET", "/network", "read the network switch"),
    setOffline: (offline) => json<NetworkState>("PUT", "/network", `take the mock server ${offline ? "offline" : "back online"}`, { offline }),
    readDeploy: () => json<DeployState>("GET", "/deploy", "read the deploy"),
    deploy: (request = {}) => json<DeployState>("POST", "/deploy", "deploy", request),
    readReplay: async () => (await json<{ replay: ReplaySummary | null }>("GET", "/replay", "read the replay")).replay,
    loadReplay: async (har, { name, unmatched } = {}) => {
      const search = new URLSearchParams({ ...(name === undefined ? {} : { name }), ...(unmatched === undefined ? {} : { unmatched }) }).toString();
      return (await json<{ replay: ReplaySummary }>("POST", `/replay${search === "" ? "" : `?${search}`}`, "load the HAR", har)).replay;
    },
    stopReplay: async () => {
      await control("DELETE", "/replay", "stop the replay");
    },
    journal: (query = {}) => json<Journal>("GET", `${JOURNAL_PATH}${journalSearch(query)}`, "read the journal"),
    countJournal: (query = {}) => json<JournalCount>("GET", `${JOURNAL_COUNT_PATH}${journalSearch(query)}`, "count the journal's entries"),
    journalHar: (query = {}) => json<Har>("GET", `${JOURNAL_HAR_PATH}${journalSearch(query)}`, "export the journal as HAR"),
    nearMisses: async (query = {}) =>
      (await json<{ nearMisses: NearMissReport[] }>("GET", `${NEAR_MISSES_PATH}${journalSearch(query)}`, "read the near-misses")).nearMisses,
  };
}

/** The message to show for anything a control call threw. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
