import express from "express";
import { type Logger, pino } from "pino";
import { DIST_DIR } from "../kit/kitPaths.ts";
import { normalizeBasePath, scopePath } from "../src/core/basePath.ts";
import { DEFAULT_SHELL_CONFIG, type ShellConfig, WORKER_FILE } from "../src/core/shellConfig.ts";
import { isUnderControlPrefix } from "./control/controlPaths.ts";
import { CONTROL_PREFIX, controlRoutes } from "./control/controlRoutes.ts";
import { panelRoutes } from "./control/panelRoutes.ts";
import { deployedBackend } from "./deploy/deployedBackend.ts";
import { workerSuffix } from "./deploy/deployedWorker.ts";
import { createDeploys } from "./deploy/deploys.ts";
import { retiredAssets } from "./deploy/retiredAssets.ts";
import { applyFaults } from "./faults/applyFaults.ts";
import { FaultStore } from "./faults/FaultStore.ts";
import { sendError } from "./http/httpError.ts";
import { lastErrorHandler } from "./http/lastErrorHandler.ts";
import { urlPathProblem } from "./http/urlPath.ts";
import { Journal } from "./journal/journal.ts";
import { journalRequests } from "./journal/journalRequests.ts";
import { refuseWhileOffline } from "./network/offline.ts";
import { forwardUpgrades, type UpgradeHandler } from "./proxy/forwardUpgrades.ts";
import { genericPageResponder } from "./proxy/genericPageResponder.ts";
import { proxyHop } from "./proxy/proxyHop.ts";
import { type ProxyOptions, proxyToUpstream } from "./proxy/proxyToUpstream.ts";
import { refuseUnforwardable } from "./proxy/refuseUnforwardable.ts";
import type { UpstreamConnection } from "./proxy/upstreamDispatcher.ts";
import { parseUpstreamUrl } from "./proxy/upstreamUrl.ts";
import { referenceBuilds, type ShellBuild } from "./reference/referenceBuilds.ts";
import type { ShellConfigPatch } from "./reference/shellConfigSchema.ts";
import type { LoadedHar } from "./replay/loadHar.ts";
import { replayRoutes } from "./replay/replayRoutes.ts";
import type { Replay, Unmatched } from "./replay/replayState.ts";
import { type Scenario, type ScenarioSummary, summarize } from "./scenarios/scenarioSchema.ts";

export interface AppOptions {
  /** Where the app lives, default `/app`. */
  readonly basePath?: string;
  /** The built app (vite build output). */
  readonly distDir?: string;
  /** Shell configuration at start; `POST /__mock/reset` returns to it. */
  readonly config?: ShellConfigPatch;
  /** A scenario in force from the start: its configuration over `config`, its faults; reset returns to it. */
  readonly scenario?: Scenario;
  readonly journalLimit?: number;
  /**
   * Proxy mode: an `http://host:port` (or `https://`) app to forward every request outside `/__mock/` to, with the
   * faults on top, instead of serving the reference shell.
   */
  readonly upstream?: string;
  /** Proxy mode: HTTP/2 without TLS, or any certificate accepted from an https:// upstream. */
  readonly upstreamConnection?: UpstreamConnection;
  /** Proxy mode: how long the upstream may stay silent before the client gets a 504; default 60 s. */
  readonly upstreamTimeoutMs?: number;
  /**
   * Replay: a HAR to answer from at start (`--replay`, a scenario file's `replay`); reset returns to
   * it. Without `upstream` the server stands in for the app alone (replay mode), as in proxy mode.
   */
  readonly replay?: LoadedHar;
  /** What answers a request no HAR entry matches: `upstream` (the default with one) or `404` (the default without). */
  readonly replayUnmatched?: Unmatched;
  /** Proxy mode: sees each upstream answer as it came (`--record`: HarRecorder's tap). */
  readonly onUpstreamResponse?: ProxyOptions["onUpstreamResponse"];
  /** The service worker's script path, by which the journal tells its requests; default `${basePath}/sw.js`. */
  readonly workerPath?: string;
  /** When set, every control request must send `Authorization: Bearer <token>` (401 otherwise). */
  readonly controlToken?: string;
  /** Structured logs (one line per request, one per server-side exception); silent by default. */
  readonly logger?: Logger;
}

export interface MockApp {
  /** The Express app; pass it to `http.createServer` or `listen`. */
  readonly handler: express.Express;
  readonly journal: Journal;
  readonly faults: FaultStore;
  readonly basePath: string;
  /** The scope path, where the app starts: `/app/`. */
  readonly appPath: string;
  readonly getConfig: () => ShellConfig;
  /** Whether the network switch is off: every request outside the control API is refused (`PUT /__mock/network`). */
  readonly isOffline: () => boolean;
  readonly reset: () => void;
  /** Replaces the faults and the configuration (over the start `config`) with a scenario's, at once. */
  readonly applyScenario: (scenario: Scenario) => void;
  /** Proxy mode: forwards WebSocket upgrades to the upstream; give it the server's `upgrade` event. Undefined otherwise. */
  readonly upgrade: UpgradeHandler | undefined;
  /** The replay in force (`GET /__mock/replay`), or null. */
  readonly getReplay: () => Replay | null;
}

export function createApp(options: AppOptions = {}): MockApp {
  const basePath = normalizeBasePath(options.basePath ?? DEFAULT_SHELL_CONFIG.basePath);
  if (isUnderControlPrefix(basePath))
    throw new Error(`Failed to use base path '${basePath}': ${CONTROL_PREFIX}/ is the control API's, in any case. Use another path, e.g. /app.`);
  const distDir = options.distDir ?? DIST_DIR;
  const startConfig: ShellConfig = { ...DEFAULT_SHELL_CONFIG, ...options.config, basePath };
  const initial: ShellConfig = { ...startConfig, ...options.scenario?.config };
  let config = initial;
  let scenario: ScenarioSummary | null = null;
  let offline = false;
  // Proxy mode and replay mode both stand in for someone else's app: the generic fault pages, deploys by suffix.
  const proxied = options.upstream !== undefined || options.replay !== undefined;
  const defaultUnmatched: Unmatched = options.replayUnmatched ?? (options.upstream === undefined ? "404" : "upstream");
  if (defaultUnmatched === "upstream" && options.upstream === undefined)
    throw new Error("Failed to send unmatched requests upstream: there is no upstream. Pass --upstream <url>, or --replay-unmatched 404.");
  const startReplay: Replay | null = options.replay ? { har: options.replay, unmatched: defaultUnmatched } : null;
  let replay = startReplay;
  const journal = new Journal(options.journalLimit);
  const faults = new FaultStore();
  // Which files the build live after a deploy has: the reference shell's builds know (set below).
  let builds: readonly ShellBuild[] = [];
  const deploys = createDeploys({
    servedAfter: (deploy, path) => builds[deploy % Math.max(builds.length, 1)]?.has(path) ?? false,
    defaultOldAssets: () => scenario?.deploys ?? null,
    sameFileNames: proxied,
  });
  const logger = options.logger ?? pino({ level: "silent" });
  const reset = () => {
    journal.clear();
    faults.reset(options.scenario?.faults ?? []);
    config = initial;
    scenario = options.scenario ? summarize(options.scenario) : null;
    offline = false;
    deploys.reset();
    replay = startReplay;
  };
  const applyScenario = (next: Scenario) => {
    faults.replace(next.faults);
    config = { ...startConfig, ...next.config };
    scenario = summarize(next);
  };
  reset();

  const app = express();
  // Without strict routing `/app` and `/app/` collapse into a redirect loop (Express 5's default).
  app.set("strict routing", true);
  // Fault patterns are case-sensitive, so routes must be too: `/APP/sw.js` served the worker and
  // `/APP/assets/x.js` escaped a fault on `/app/assets/**` before paths were matched case-sensitively.
  app.set("case sensitive routing", true);
  app.set("x-powered-by", false);
  app.set("etag", false);
  const getConfig = () => config;
  const upstream = options.upstream === undefined ? undefined : parseUpstreamUrl(options.upstream);
  const workerPath = options.workerPath ?? `${basePath}/${WORKER_FILE}`;
  const workerPathProblem = urlPathProblem(workerPath);
  if (workerPathProblem) throw new Error(`Failed to use worker path '${workerPath}': it ${workerPathProblem}. Give the script's path, e.g. /app/sw.js.`);
  // What stands behind the faults: the upstream app, whose fault pages are plain ones, or the reference shell.
  if (!proxied) builds = referenceBuilds(distDir, getConfig);
  const suffixFor = workerSuffix(deploys, workerPath);
  const hop = proxyHop();
  const proxy = upstream
    ? proxyToUpstream(upstream, logger, {
        timeoutMs: options.upstreamTimeoutMs,
        suffixFor,
        connection: options.upstreamConnection,
        hop,
        onUpstreamResponse: options.onUpstreamResponse,
      })
    : undefined;
  const backend = proxied
    ? { pages: genericPageResponder, routes: replayRoutes({ getReplay: () => replay, upstream: proxy, suffixFor }) }
    : deployedBackend(builds, deploys);
  app.use(panelRoutes(distDir));
  app.use(
    CONTROL_PREFIX,
    controlRoutes({
      journal,
      faults,
      getConfig,
      patchConfig: (patch) => (config = { ...config, ...patch }),
      reset,
      applyScenario,
      getScenario: () => scenario,
      isOffline: () => offline,
      setOffline: (next) => (offline = next),
      deploys,
      canDeploy: proxied || builds.length > 1,
      getReplay: () => replay,
      setReplay: proxied ? (next) => (replay = next) : undefined,
      defaultUnmatched,
      hasUpstream: upstream !== undefined,
      controlToken: options.controlToken,
      distDir,
    }),
  );
  app.use(journalRequests(journal, workerPath, logger, options.controlToken, deploys.current));
  // After the journal, which records each refusal; before the faults, which a dead network never reaches.
  app.use(refuseWhileOffline(() => offline));
  // Proxy mode forwards the target and the Host as sent: one it cannot is refused before a fault or the upstream sees it.
  if (upstream) app.use(refuseUnforwardable());
  app.use(applyFaults(faults, backend.pages, logger));
  // Behind the faults, as the host is: a fault still wins over what a deploy did to a file.
  app.use(retiredAssets(deploys, workerPath, scopePath(basePath)));
  app.use(backend.routes);
  app.use((req, res) =>
    sendError(res, "METHOD_NOT_ALLOWED", `Failed to ${req.method} ${req.path}: the mock server only answers GET and HEAD outside ${CONTROL_PREFIX}/.`),
  );
  app.use(lastErrorHandler(logger));
  const upgrade = upstream
    ? forwardUpgrades({
        upstream,
        hop,
        journal,
        logger,
        isOffline: () => offline,
        deployOf: deploys.current,
        controlToken: options.controlToken,
        insecure: options.upstreamConnection?.insecure,
        timeoutMs: options.upstreamTimeoutMs,
      })
    : undefined;
  return {
    handler: app,
    journal,
    faults,
    basePath,
    appPath: scopePath(basePath),
    getConfig,
    isOffline: () => offline,
    reset,
    applyScenario,
    upgrade,
    getReplay: () => replay,
  };
}
