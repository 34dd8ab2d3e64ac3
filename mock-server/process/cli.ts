/** Parses the mock server's command line; every mistake is a message naming the flag. */

import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { ENV } from "../../kit/env.mjs";
import { normalizeBasePath } from "../../src/core/basePath.ts";
import { ShellError } from "../../src/core/errors.ts";
import { controlTokenProblem } from "../control/controlAccess.ts";
import { CONTROL_PREFIX, isUnderControlPrefix } from "../control/controlPaths.ts";
import { isLoopbackHost } from "../http/isLoopbackHost.ts";
import { LOG_LEVELS, type LogLevel } from "../http/logger.ts";
import { urlPathProblem } from "../http/urlPath.ts";
import type { UpstreamConnection } from "../proxy/upstreamDispatcher.ts";
import { isOwnAddress, parseUpstreamUrl, upstreamProblem } from "../proxy/upstreamUrl.ts";
import { UNMATCHED_POLICIES, type Unmatched } from "../replay/replayState.ts";

export const DEFAULT_HOST = "127.0.0.1";
export const DEFAULT_PORT = 4173;
export const DEFAULT_BASE_PATH = "/app";
export const DEFAULT_LOG_LEVEL: LogLevel = "info";
/** The environment variable a control token may come from, so it stays out of `ps` and shell history. */
export const CONTROL_TOKEN_ENV = ENV.controlToken;

export const USAGE = `Usage: pwa-conformance-kit serve [options]   serve the reference app (or, with --upstream, another app)
       npm start -- [options]                in a clone of the kit: build the app, then serve it
       npm run serve -- [options]            in a clone of the kit: serve the existing build

Serves the reference web app shell (or, with --upstream, any app) with a request journal, injected
faults and a control API under /__mock/.

Options:
  --port <n>              port to listen on, 0 for any free port (default ${DEFAULT_PORT})
  --host <addr>           address to bind (default ${DEFAULT_HOST}). Anything but loopback
                          (127.0.0.0/8, ::1, localhost) needs --control-token
  --base-path <p>         where the app lives (default ${DEFAULT_BASE_PATH}; '/' for the site root)
  --scenario <file>       start with a scenario's faults and configuration (JSON), e.g. the
                          kit's mock-server/scenarios/flaky-network.json; POST /__mock/reset returns to it
  --upstream <url>        proxy mode: forward every request outside /__mock/ to this http:// or
                          https:// app (e.g. http://127.0.0.1:3000) with the faults on top, its
                          WebSocket upgrades (a dev server's hot reload) too; no shell is served.
                          An https:// upstream speaks HTTP/2 when its TLS offers it
  --upstream-http2        speak HTTP/2 without TLS (h2c) to an http:// upstream that has only that
  --upstream-insecure     accept any certificate from an https:// upstream (a dev server's own)
  --record <file.har>     proxy mode: write what the upstream answers (bodies included, credentials
                          and the control token redacted) to this HAR file, entry by entry. An
                          existing file is replaced only if it is a HAR the kit recorded (or empty)
  --force                 let --record replace an existing file that is not one the kit recorded
  --replay <file.har>     answer requests from this HAR (--record's, or a browser's or Playwright's
                          export with content); without --upstream the server stands in for the
                          app alone. The faults, the journal and deploys still apply on top
  --replay-unmatched <p>  what answers a request no entry matches: upstream (the default with
                          --upstream) or 404 (the default, and the only choice, without)
  --worker-path <p>       the service worker's script path, by which the journal tells its
                          requests (default: the base path's sw.js, e.g. /app/sw.js)
  --dist <dir>            serve the reference app from this build folder instead of the kit's
                          dist/ (what 'npm run build' writes), e.g. a build of an edited copy
  --log-level <level>     ${LOG_LEVELS.join(", ")} (default ${DEFAULT_LOG_LEVEL}); one JSON line
                          per request when piped, pretty lines in a terminal
  --control-token <t>     require 'Authorization: Bearer <t>' on every control request; at least
                          16 characters (openssl rand -hex 16). Or set ${CONTROL_TOKEN_ENV}
  --https                 serve TLS (a worker needs a secure context: http:// works on loopback
                          only) with a certificate made at start for loopback and the bound address;
                          prints its SHA-256 fingerprint
  --tls-cert <file>       serve TLS with your own certificate (PEM; implies --https), with --tls-key
  --tls-key <file>        the private key (PEM) of --tls-cert
  --version               print the version and exit
  -h, --help              show this help and exit
`;

export interface CliOptions {
  readonly port: number;
  readonly host: string;
  readonly basePath: string;
  readonly scenario: string | undefined;
  readonly upstream: string | undefined;
  /** How to reach the upstream: HTTP/2 without TLS, any certificate accepted. */
  readonly upstreamConnection: UpstreamConnection;
  /** A HAR file to write the upstream's answers to. */
  readonly record: string | undefined;
  /** Let --record replace a file that is not a HAR the kit recorded. */
  readonly force: boolean;
  /** A HAR file to answer from. */
  readonly replay: string | undefined;
  /** Set only when given: createApp picks the default from whether there is an upstream. */
  readonly replayUnmatched: Unmatched | undefined;
  readonly workerPath: string | undefined;
  /** The reference app's build folder; undefined: the kit's dist/. */
  readonly dist: string | undefined;
  readonly logLevel: LogLevel;
  readonly controlToken: string | undefined;
  /** TLS: a certificate made at start (no files), or the user's own. */
  readonly https: { readonly certFile?: string; readonly keyFile?: string } | undefined;
  readonly help: boolean;
  readonly version: boolean;
}

export class CliError extends Error {}

/** The flags as parseArgs reads them; USAGE and docs/mock-server.md list the same (scripts/docs/mockServerDoc.test.ts). */
export const FLAGS = {
  port: { type: "string" },
  host: { type: "string" },
  "base-path": { type: "string" },
  scenario: { type: "string" },
  upstream: { type: "string" },
  "upstream-http2": { type: "boolean" },
  "upstream-insecure": { type: "boolean" },
  record: { type: "string" },
  force: { type: "boolean" },
  replay: { type: "string" },
  "replay-unmatched": { type: "string" },
  "worker-path": { type: "string" },
  dist: { type: "string" },
  "log-level": { type: "string" },
  "control-token": { type: "string" },
  https: { type: "boolean" },
  "tls-cert": { type: "string" },
  "tls-key": { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean" },
} as const;

const HELP_HINT = "Run with --help for the list of flags.";

/** parseArgs's own messages name the flag but suggest things that do not apply here. */
function describeParseError(error: Error & { code?: string }): string {
  const flag = /'(-[^', ]*(?:, --[^' ]*)?)/.exec(error.message)?.[1]?.split(", ").at(-1);
  const positional = /Unexpected argument '([^']*)'/.exec(error.message)?.[1];
  switch (error.code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return `Unknown flag ${flag}. ${HELP_HINT}`;
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE":
      return /does not take an argument/.test(error.message) ? `${flag} takes no value.` : `${flag} needs a value, e.g. ${flag} <value> or ${flag}=<value>.`;
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return `Unexpected argument '${positional}': every option is a --flag. ${HELP_HINT}`;
    default:
      return `${error.message}. ${HELP_HINT}`;
  }
}

/** A `--port` value: a whole number from 0 (any free port) to 65535. Also the example apps' serve.ts use it. */
export function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65_535) throw new CliError(`--port must be a whole number from 0 to 65535, not '${text}'.`);
  return port;
}

function parseBasePath(text: string): string {
  let normalized: string;
  try {
    normalized = normalizeBasePath(text);
  } catch (error) {
    if (error instanceof ShellError) throw new CliError(`--base-path: ${error.message}`);
    throw error;
  }
  if (isUnderControlPrefix(normalized))
    throw new CliError(`--base-path ${text}: ${CONTROL_PREFIX}/ is the control API's, in any case. Use another path, e.g. /app.`);
  return text;
}

function parseLogLevel(text: string): LogLevel {
  if (!(LOG_LEVELS as readonly string[]).includes(text)) throw new CliError(`--log-level must be one of ${LOG_LEVELS.join(", ")}, not '${text}'.`);
  return text as LogLevel;
}

function parseControlToken(flag: string | undefined, env: string | undefined): string | undefined {
  const [token, source] = flag !== undefined ? [flag, "--control-token"] : env ? [env, CONTROL_TOKEN_ENV] : [undefined, ""];
  if (token === undefined) return undefined;
  const problem = controlTokenProblem(token);
  if (problem) throw new CliError(`${source}: the token ${problem}.`);
  return token;
}

function parseUpstreamConnection(upstream: string | undefined, http2: boolean, insecure: boolean): UpstreamConnection {
  const flag = http2 ? "--upstream-http2" : "--upstream-insecure";
  if ((http2 || insecure) && upstream === undefined)
    throw new CliError(`${flag} says how to reach the app of --upstream, and there is none: pass --upstream <url> too.`);
  const tls = upstream?.startsWith("https:") ?? false;
  if (http2 && tls)
    throw new CliError(
      "--upstream-http2 is for an http:// upstream (HTTP/2 without TLS); an https:// upstream speaks HTTP/2 by itself when its TLS offers it.",
    );
  if (insecure && !tls) throw new CliError("--upstream-insecure is for an https:// upstream's certificate; an http:// upstream has none.");
  return { ...(http2 ? { http2 } : {}), ...(insecure ? { insecure } : {}) };
}

function parseTls(https: boolean, certFile: string | undefined, keyFile: string | undefined): CliOptions["https"] {
  if ((certFile === undefined) !== (keyFile === undefined)) {
    throw new CliError(
      `${certFile === undefined ? "--tls-key" : "--tls-cert"} needs ${certFile === undefined ? "--tls-cert" : "--tls-key"} too: a certificate and its private key, both PEM files.`,
    );
  }
  if (certFile !== undefined && keyFile !== undefined) {
    if (certFile.trim() === "" || keyFile.trim() === "") throw new CliError("--tls-cert and --tls-key need the paths of PEM files.");
    return { certFile, keyFile };
  }
  return https ? {} : undefined;
}

function parseRecordAndReplay(
  record: string | undefined,
  replay: string | undefined,
  unmatched: string | undefined,
  hasUpstream: boolean,
): Pick<CliOptions, "record" | "replay" | "replayUnmatched"> {
  if (record !== undefined && record.trim() === "") throw new CliError("--record needs the path of a HAR file to write, e.g. recording.har.");
  if (record !== undefined && !hasUpstream)
    throw new CliError(
      "--record writes what the upstream app answers, and there is no upstream: pass --upstream <url> too, e.g. --upstream http://127.0.0.1:3000.",
    );
  if (replay !== undefined && replay.trim() === "") throw new CliError("--replay needs the path of a HAR file, e.g. recording.har.");
  if (record !== undefined && replay !== undefined && resolve(record) === resolve(replay))
    throw new CliError(`--record and --replay name the same file '${record}': recording would empty the HAR being replayed. Record to another file.`);
  if (unmatched === undefined) return { record, replay, replayUnmatched: undefined };
  if (!(UNMATCHED_POLICIES as readonly string[]).includes(unmatched))
    throw new CliError(`--replay-unmatched must be ${UNMATCHED_POLICIES.join(" or ")}, not '${unmatched}'.`);
  if (unmatched === "upstream" && !hasUpstream)
    throw new CliError(
      "--replay-unmatched upstream sends unmatched requests to the upstream, and there is none: pass --upstream <url>, or leave the flag out (404).",
    );
  if (!hasUpstream && replay === undefined)
    throw new CliError(
      "--replay-unmatched says what answers when a HAR has no entry for a request: pass --replay <file.har> (or --upstream, for HARs posted later).",
    );
  return { record, replay, replayUnmatched: unmatched as Unmatched };
}

export function parseCli(argv: readonly string[], env: Readonly<Record<string, string | undefined>> = process.env): CliOptions {
  let values: { [K in keyof typeof FLAGS]?: (typeof FLAGS)[K]["type"] extends "boolean" ? boolean : string };
  try {
    ({ values } = parseArgs({ args: [...argv], strict: true, allowPositionals: false, options: FLAGS }));
  } catch (error) {
    if (!argv.some((arg) => arg === "--help" || arg === "-h")) throw new CliError(describeParseError(error as Error));
    values = { help: true };
  }
  if (values.help === true || values.version === true) {
    // Help wins over every other mistake on the line, unknown flags included: it is what a confused
    // person reaches for. --version, asked alone, answers before any check of the rest too.
    return {
      port: DEFAULT_PORT,
      host: DEFAULT_HOST,
      basePath: DEFAULT_BASE_PATH,
      scenario: undefined,
      upstream: undefined,
      upstreamConnection: {},
      record: undefined,
      force: false,
      replay: undefined,
      replayUnmatched: undefined,
      workerPath: undefined,
      dist: undefined,
      logLevel: DEFAULT_LOG_LEVEL,
      controlToken: undefined,
      https: undefined,
      help: values.help === true,
      version: values.version !== undefined && values.help !== true,
    };
  }
  const port = parsePort(values.port ?? String(DEFAULT_PORT));
  // `[::1]` is how a URL writes an IPv6 address; listen() and the loopback check take it bare.
  const host = (values.host ?? DEFAULT_HOST).replace(/^\[(.*:.*)\]$/, "$1");
  if (host.trim() === "") throw new CliError("--host must not be empty.");
  const basePath = parseBasePath(values["base-path"] ?? DEFAULT_BASE_PATH);
  const scenario = values.scenario;
  if (scenario !== undefined && scenario.trim() === "")
    throw new CliError("--scenario needs the path of a scenario file, e.g. mock-server/scenarios/flaky-network.json.");
  const upstream = values.upstream;
  const upstreamWhy = upstream === undefined ? null : upstreamProblem(upstream);
  if (upstreamWhy) throw new CliError(`--upstream '${upstream}': ${upstreamWhy}.`);
  if (upstream !== undefined && isOwnAddress(parseUpstreamUrl(upstream), host, port)) {
    throw new CliError(
      `--upstream '${upstream}' is this server's own address (--host ${host} --port ${port}): every request would come back to it. Point --upstream at the app, or pick another --port.`,
    );
  }
  const upstreamConnection = parseUpstreamConnection(upstream, values["upstream-http2"] === true, values["upstream-insecure"] === true);
  const { record, replay, replayUnmatched } = parseRecordAndReplay(values.record, values.replay, values["replay-unmatched"], upstream !== undefined);
  const force = values.force === true;
  if (force && record === undefined)
    throw new CliError("--force lets --record replace an existing file, and there is no --record: pass --record <file.har> too, or leave --force out.");
  const workerPath = values["worker-path"];
  const workerPathWhy = workerPath === undefined ? null : urlPathProblem(workerPath);
  if (workerPathWhy) throw new CliError(`--worker-path '${workerPath}' ${workerPathWhy}, e.g. /app/sw.js.`);
  const dist = values.dist;
  if (dist !== undefined && dist.trim() === "") throw new CliError("--dist needs the path of a build folder, e.g. dist.");
  if (dist !== undefined && (upstream !== undefined || replay !== undefined)) {
    const other = upstream === undefined ? "--replay" : "--upstream";
    throw new CliError(`--dist names a build of the reference app, and with ${other} no reference app is served: pass one or the other.`);
  }
  const logLevel = parseLogLevel(values["log-level"] ?? DEFAULT_LOG_LEVEL);
  const controlToken = parseControlToken(values["control-token"], env[CONTROL_TOKEN_ENV]);
  if (!isLoopbackHost(host) && controlToken === undefined) {
    throw new CliError(
      `--host ${host} lets other machines reach the server, and without a control token anyone who can reach it could add faults and read the journal. ` +
        `Pass --control-token <token> (or set ${CONTROL_TOKEN_ENV}), or bind a loopback address such as ${DEFAULT_HOST}.`,
    );
  }
  const https = parseTls(values.https === true, values["tls-cert"], values["tls-key"]);
  return {
    port,
    host,
    basePath,
    scenario,
    upstream,
    upstreamConnection,
    record,
    force,
    replay,
    replayUnmatched,
    workerPath,
    dist,
    logLevel,
    controlToken,
    https,
    help: false,
    version: false,
  };
}
