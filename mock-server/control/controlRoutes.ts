/**
 * The control API under `/__mock/`: journal, reset, shell configuration. Bad input gets a 4xx naming
 * the field and the rule, and changes nothing.
 */
import express, { type ErrorRequestHandler, type Router } from "express";
import type { ShellConfig } from "../../src/core/shellConfig.ts";
import { DeployRequest } from "../deploy/deploySchema.ts";
import type { Deploys } from "../deploy/deploys.ts";
import { type FaultStore, MAX_FAULTS } from "../faults/FaultStore.ts";
import { FaultInput } from "../faults/faultSchema.ts";
import { sendError } from "../http/httpError.ts";
import { describeIssues } from "../http/validation.ts";
import type { Journal } from "../journal/journal.ts";
import { NetworkState } from "../network/offline.ts";
import { ShellConfigPatch } from "../reference/shellConfigSchema.ts";
import { MAX_HAR_BYTES } from "../replay/harInput.ts";
import { HarError, harFromJson } from "../replay/loadHar.ts";
import { type Replay, summarizeReplay, UNMATCHED_POLICIES, type Unmatched } from "../replay/replayState.ts";
import { MAX_SCENARIO_FILE_BYTES } from "../scenarios/loadScenarioFile.ts";
import { Scenario, type ScenarioSummary, summarize } from "../scenarios/scenarioSchema.ts";
import { checklistRoute } from "./checklistRoute.ts";
import { controlAccess } from "./controlAccess.ts";
import { CHECKLIST_PATH, CONTROL_PREFIX, JOURNAL_STREAM_PATH } from "./controlPaths.ts";
import { journalQueryRoutes } from "./journalQueryRoutes.ts";
import { journalStream } from "./journalStream.ts";

export { CONTROL_PREFIX };
export const CONTROL_BODY_LIMIT = "16kb";
/** A scenario may be as large as its file may be, so every file that loads can also be sent. */
export const SCENARIO_BODY_LIMIT = MAX_SCENARIO_FILE_BYTES;
const SCENARIO_PATH = "/scenario";
const NETWORK_PATH = "/network";
const DEPLOY_PATH = "/deploy";
const REPLAY_PATH = "/replay";
/** A HAR sent to `POST /__mock/replay` may be as large as a HAR file may be. */
export const REPLAY_BODY_LIMIT = MAX_HAR_BYTES;
/** The name `GET /__mock/replay` shows for a HAR sent without `?name=`. */
const POSTED_HAR_NAME = "posted HAR";

export interface ControlState {
  readonly journal: Journal;
  readonly faults: FaultStore;
  readonly getConfig: () => ShellConfig;
  readonly patchConfig: (patch: ShellConfigPatch) => ShellConfig;
  readonly reset: () => void;
  readonly applyScenario: (scenario: Scenario) => void;
  readonly getScenario: () => ScenarioSummary | null;
  readonly isOffline: () => boolean;
  readonly setOffline: (offline: boolean) => void;
  readonly deploys: Deploys;
  /** False for a reference build without its second build (dist/next-build/): its deploys are refused (409). */
  readonly canDeploy: boolean;
  /** When set, every control request must send `Authorization: Bearer <token>`. */
  readonly controlToken?: string;
  readonly getReplay: () => Replay | null;
  /** Undefined on a server of the reference shell: replay stands in for an app (409). */
  readonly setReplay: ((replay: Replay | null) => void) | undefined;
  /** The unmatched policy of a HAR posted without `?unmatched=`. */
  readonly defaultUnmatched: Unmatched;
  readonly hasUpstream: boolean;
  /** The build folder, whose checklist.html is served at CHECKLIST_PATH. */
  readonly distDir: string;
}

function hasBody(req: express.Request): boolean {
  return req.get("transfer-encoding") !== undefined || Number(req.get("content-length") ?? 0) > 0;
}

/** Requests whose body turned out empty when read: a chunked body may announce itself and hold nothing. */
const emptyBodies = new WeakSet<express.Request>();

/** An empty body is not JSON, though express.json reads it as `{}` (which PUT /config would accept). */
function refuseMissingBody(req: express.Request, res: express.Response, action: string): boolean {
  if (hasBody(req) && !emptyBodies.has(req)) return false;
  sendError(res, "BODY_MISSING", `Failed to ${action}: the request has no body. Send a JSON object with 'Content-Type: application/json'.`);
  return true;
}

/**
 * Control requests come from tools or from pages of this server, never from another origin: a page
 * elsewhere must not be able to add faults or wipe the journal. Bodies are JSON only, which also
 * rules out the form posts a browser sends cross-origin without asking.
 */
const guardControl: express.RequestHandler = (req, res, next) => {
  const origin = req.get("origin");
  if (origin !== undefined && origin !== `${req.protocol}://${req.get("host")}`) {
    return sendError(
      res,
      "CROSS_ORIGIN",
      `Failed to accept a control request from origin '${origin}': only this server's own pages and non-browser clients may use ${CONTROL_PREFIX}/.`,
    );
  }
  if (!hasBody(req) || req.is("application/json")) return next();
  sendError(
    res,
    "UNSUPPORTED_MEDIA_TYPE",
    `Failed to read the request body: Content-Type is '${req.get("content-type") ?? "missing"}'. Send JSON with 'Content-Type: application/json'.`,
  );
};

const bodyErrors: ErrorRequestHandler = (error: { type?: string; status?: number }, req, res, next) => {
  const limit = req.path === SCENARIO_PATH ? `${SCENARIO_BODY_LIMIT} bytes` : req.path === REPLAY_PATH ? `${REPLAY_BODY_LIMIT} bytes` : CONTROL_BODY_LIMIT;
  if (error.type === "entity.too.large")
    return sendError(res, "BODY_TOO_LARGE", `Failed to read the request body: it is larger than ${limit}. Send a smaller body.`);
  if (error.type === "entity.parse.failed") return sendError(res, "BODY_NOT_JSON", "Failed to read the request body: it is not valid JSON. Check the syntax.");
  next(error);
};

/**
 * A known control path asked with a method it does not answer gets 405 with `Allow` (RFC 9110
 * §15.5.6), not the 404 of a path that does not exist; OPTIONS gets the same `Allow` with a 204. The
 * methods are read from the routes registered above, so the list cannot drift from them.
 */
const METHOD_ORDER = ["GET", "HEAD", "POST", "PUT", "DELETE"] as const;

function refuseOtherMethods(router: Router): void {
  const allowed = new Map<string, Set<string>>();
  for (const layer of router.stack) {
    if (!layer.route) continue;
    const methods = allowed.get(layer.route.path) ?? new Set<string>();
    for (const handler of layer.route.stack) methods.add(handler.method.toUpperCase());
    allowed.set(layer.route.path, methods);
  }
  for (const [path, methods] of allowed) {
    // Express answers HEAD with a GET route.
    if (methods.has("GET")) methods.add("HEAD");
    const allow = METHOD_ORDER.filter((method) => methods.has(method)).join(", ");
    router.all(path, (req, res) => {
      res.set("allow", allow);
      if (req.method === "OPTIONS") return void res.status(204).end();
      sendError(
        res,
        "METHOD_NOT_ALLOWED",
        `Failed to ${req.method} ${CONTROL_PREFIX}${req.path}: it answers ${allow} only. See docs/mock-server.md#control-api.`,
      );
    });
  }
}

export function controlRoutes(state: ControlState): Router {
  const router = express.Router({ strict: true, caseSensitive: true });
  const json = (limit: string | number) =>
    express.json({
      limit,
      strict: false,
      verify: (req, _res, body) => {
        if (body.length === 0) emptyBodies.add(req as express.Request);
      },
    });
  const controlJson = json(CONTROL_BODY_LIMIT);
  const scenarioJson = json(SCENARIO_BODY_LIMIT);
  const replayJson = json(REPLAY_BODY_LIMIT);
  const readJson: express.RequestHandler = (req, res, next) =>
    (req.path === SCENARIO_PATH ? scenarioJson : req.path === REPLAY_PATH ? replayJson : controlJson)(req, res, next);
  // A page to read, as the panel's is: before the token, so a person following a report's link gets it.
  router.get(CHECKLIST_PATH, checklistRoute(state.distDir));
  router.use(controlAccess(state.controlToken), guardControl, readJson, bodyErrors);

  journalQueryRoutes(router, state.journal);
  router.get(JOURNAL_STREAM_PATH, journalStream(state.journal));
  router.post("/reset", (_req, res) => {
    state.reset();
    res.status(204).end();
  });
  router.get("/faults", (_req, res) => {
    res.set("cache-control", "no-store").json({ faults: state.faults.list() });
  });
  router.post("/faults", (req, res) => {
    if (refuseMissingBody(req, res, "add the fault")) return;
    const parsed = FaultInput.safeParse(req.body);
    if (!parsed.success) return sendError(res, "INVALID_FAULT", `Failed to add the fault: ${describeIssues(parsed.error, "body")}.`);
    if (state.faults.size >= MAX_FAULTS) {
      return sendError(
        res,
        "TOO_MANY_FAULTS",
        `Failed to add the fault: ${MAX_FAULTS} faults are active, the most the server keeps. Remove some (DELETE ${CONTROL_PREFIX}/faults/:id) or all (DELETE ${CONTROL_PREFIX}/faults) first.`,
      );
    }
    res.status(201).json(state.faults.add(parsed.data));
  });
  router.delete("/faults", (_req, res) => {
    state.faults.clear();
    res.status(204).end();
  });
  router.delete("/faults/:id", (req, res) => {
    if (!state.faults.remove(req.params.id)) {
      return sendError(res, "UNKNOWN_FAULT", `Failed to remove fault '${req.params.id}': there is no such fault. GET ${CONTROL_PREFIX}/faults lists them.`);
    }
    res.status(204).end();
  });
  router.get("/config", (_req, res) => {
    res.set("cache-control", "no-store").json(state.getConfig());
  });
  router.put("/config", (req, res) => {
    if (refuseMissingBody(req, res, "change the shell configuration")) return;
    const parsed = ShellConfigPatch.safeParse(req.body);
    if (!parsed.success) return sendError(res, "INVALID_CONFIG", `Failed to change the shell configuration: ${describeIssues(parsed.error, "body")}.`);
    res.json(state.patchConfig(parsed.data));
  });
  router.get(SCENARIO_PATH, (_req, res) => {
    res.set("cache-control", "no-store").json({ scenario: state.getScenario() });
  });
  router.put(SCENARIO_PATH, (req, res) => {
    if (refuseMissingBody(req, res, "apply the scenario")) return;
    const parsed = Scenario.safeParse(req.body);
    if (!parsed.success) return sendError(res, "INVALID_SCENARIO", `Failed to apply the scenario: ${describeIssues(parsed.error, "body")}.`);
    if (parsed.data.replay !== undefined) {
      return sendError(
        res,
        "INVALID_SCENARIO",
        `Failed to apply the scenario: body.replay: the control API never reads the server's files. Send the HAR itself to POST ${CONTROL_PREFIX}${REPLAY_PATH}, or start the server with the scenario file (--scenario).`,
      );
    }
    state.applyScenario(parsed.data);
    res.json({ scenario: summarize(parsed.data), config: state.getConfig(), faults: state.faults.list() });
  });
  router.get(NETWORK_PATH, (_req, res) => {
    res.set("cache-control", "no-store").json({ offline: state.isOffline() } satisfies NetworkState);
  });
  router.put(NETWORK_PATH, (req, res) => {
    if (refuseMissingBody(req, res, "switch the network")) return;
    const parsed = NetworkState.safeParse(req.body);
    if (!parsed.success) return sendError(res, "INVALID_NETWORK", `Failed to switch the network: ${describeIssues(parsed.error, "body")}.`);
    state.setOffline(parsed.data.offline);
    res.json({ offline: state.isOffline() } satisfies NetworkState);
  });
  router.get(DEPLOY_PATH, (_req, res) => {
    res.set("cache-control", "no-store").json(state.deploys.state());
  });
  router.post(DEPLOY_PATH, (req, res) => {
    // An empty body is a deploy with the defaults: `curl -X POST …/deploy` is the common case.
    const parsed = DeployRequest.safeParse(hasBody(req) && !emptyBodies.has(req) ? req.body : {});
    if (!parsed.success) return sendError(res, "INVALID_DEPLOY", `Failed to deploy: ${describeIssues(parsed.error, "body")}.`);
    if (!state.canDeploy) {
      return sendError(
        res,
        "DEPLOY_UNAVAILABLE",
        "Failed to deploy: this build of the reference shell has no second build to deploy (dist/next-build/, which 'npm run build' writes). Run 'npm run build' and start the server again; for your own app, start it with --upstream <your app's origin>.",
      );
    }
    res.json(state.deploys.deploy(parsed.data));
  });
  router.get(REPLAY_PATH, (_req, res) => {
    const replay = state.getReplay();
    res.set("cache-control", "no-store").json({ replay: replay && summarizeReplay(replay) });
  });
  router.post(REPLAY_PATH, (req, res) => {
    const { name = POSTED_HAR_NAME, unmatched = state.defaultUnmatched, ...unknown } = req.query;
    const fail = (why: string) => sendError(res, "INVALID_REPLAY", `Failed to load the HAR: ${why}.`);
    const unknownName = Object.keys(unknown)[0];
    if (unknownName !== undefined) return fail(`?${unknownName} is not a known parameter (name, unmatched)`);
    if (typeof name !== "string" || name.trim() === "" || name.length > 200) return fail("?name must be one text of 1 to 200 characters");
    if (!(UNMATCHED_POLICIES as readonly unknown[]).includes(unmatched)) return fail(`?unmatched must be ${UNMATCHED_POLICIES.join(" or ")}`);
    if (unmatched === "upstream" && !state.hasUpstream) return fail("?unmatched=upstream needs an upstream, and this server was started without --upstream");
    if (!state.setReplay) {
      return sendError(
        res,
        "REPLAY_UNAVAILABLE",
        "Failed to load the HAR: this server serves the reference shell, and replay stands in for an app. Start it with --upstream <your app's origin> or --replay <file.har>.",
      );
    }
    if (refuseMissingBody(req, res, "load the HAR")) return;
    let har: ReturnType<typeof harFromJson>;
    try {
      har = harFromJson(req.body, name);
    } catch (error) {
      if (!(error instanceof HarError)) throw error;
      return fail(`body: ${error.problems.slice(0, 10).join("; ")}`);
    }
    const replay: Replay = { har, unmatched: unmatched as Unmatched };
    state.setReplay(replay);
    res.json({ replay: summarizeReplay(replay) });
  });
  router.delete(REPLAY_PATH, (_req, res) => {
    state.setReplay?.(null);
    res.status(204).end();
  });
  refuseOtherMethods(router);
  router.use((req, res) =>
    sendError(res, "UNKNOWN_CONTROL_ROUTE", `No control route ${req.method} ${CONTROL_PREFIX}${req.path}. See docs/mock-server.md#control-api.`),
  );
  return router;
}
