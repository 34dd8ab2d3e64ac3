/**
 * The shell's configuration: what the page does (REG, NAV-1, ONL) and what the worker does (NAV-3..6).
 * The server embeds the page part in every document; the page hands the worker its part in the
 * script URL's query, so a change of configuration is a new script URL and therefore a worker update.
 */
import { ShellError } from "./errors.ts";

/**
 * How long the worker waits for the network before it serves a cached navigation (NAV-5 lie-fi).
 * Workbox's and Serwist's Next.js recipes use `networkTimeoutSeconds` of 3–10 s; 3 s keeps a
 * lie-fi visitor waiting no longer than a slow page would.
 */
export const DEFAULT_NETWORK_TIMEOUT_MS = 3_000;

/**
 * How long the page waits after an `online` event before it re-checks `navigator.onLine` and reloads
 * (ONL-1). Chromium fires stray `online` events in the old document while a controlled navigation is
 * in flight; re-checking after a settle time failed 0 of 30 runs where reloading at once failed 13
 * (specs/checks/offline.ts). It also keeps a flapping network from causing a reload loop.
 */
export const DEFAULT_ONLINE_SETTLE_MS = 500;

/** The worker's file name, served at the scope root so no `Service-Worker-Allowed` is needed (REG-2). */
export const WORKER_FILE = "sw.js";

/**
 * The web app manifest's file name, at the scope root: the server renders it for its base path
 * (mock-server/reference/webManifest.ts) and the worker precaches it, so an installed app has it offline.
 */
export const MANIFEST_FILE = "manifest.webmanifest";

export interface WorkerConfig {
  /** NAV-3..5: cache navigations (posted and visited) and serve them when the network fails. */
  readonly cacheNavigations: boolean;
  /** NAV-5: milliseconds before a hanging navigation falls back to its cached copy. */
  readonly networkTimeoutMs: number;
}

export interface ShellConfig extends WorkerConfig {
  /** Normalised base path (`''` for the root); the scope is `basePath + '/'`. */
  readonly basePath: string;
  /** REG-*: register the worker at all. */
  readonly register: boolean;
  /** ONL-1: reload when the browser comes back online. Off keeps unsaved state (ONL-2). */
  readonly reloadOnOnline: boolean;
  /** ONL-1: settle time before the re-check of `navigator.onLine`. */
  readonly onlineSettleMs: number;
}

export const DEFAULT_SHELL_CONFIG: ShellConfig = {
  basePath: "/app",
  register: true,
  cacheNavigations: true,
  reloadOnOnline: true,
  networkTimeoutMs: DEFAULT_NETWORK_TIMEOUT_MS,
  onlineSettleMs: DEFAULT_ONLINE_SETTLE_MS,
};

/** The worker script URL (path and query) for a configuration, e.g. `/app/sw.js?nav=1&timeout=3000`. */
export function workerScriptPath(config: ShellConfig): string {
  return `${config.basePath}/${WORKER_FILE}?nav=${config.cacheNavigations ? 1 : 0}&timeout=${config.networkTimeoutMs}`;
}

/**
 * Reads the worker's configuration back from its script URL's query. Missing keys take the defaults;
 * present but malformed ones throw, so a hand-typed URL fails loudly instead of silently caching.
 */
export function parseWorkerConfig(search: string): WorkerConfig {
  const params = new Map<string, string>();
  for (const pair of search.replace(/^\?/, "").split("&")) {
    if (pair === "") continue;
    const [key = "", value = ""] = pair.split("=");
    params.set(key, value);
  }
  const nav = params.get("nav") ?? "1";
  if (nav !== "0" && nav !== "1") throw new ShellError("WORKER_CONFIG_INVALID", { field: "nav", why: `is '${nav}', not 0 or 1` });
  const timeout = params.get("timeout") ?? String(DEFAULT_NETWORK_TIMEOUT_MS);
  if (!/^\d{1,6}$/.test(timeout)) {
    throw new ShellError("WORKER_CONFIG_INVALID", { field: "timeout", why: `is '${timeout}', not a whole number of milliseconds` });
  }
  return { cacheNavigations: nav === "1", networkTimeoutMs: Number(timeout) };
}
