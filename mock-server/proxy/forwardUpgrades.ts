/**
 * Proxy mode's WebSocket upgrades (a dev server's hot-reload socket, an app's live feed): the
 * handshake goes to the upstream as it came, over HTTP/1.1 (RFC 6455 §4; WebSockets over HTTP/2 are
 * another protocol), and once the upstream answers 101 the two sockets are joined byte for byte
 * until either side closes. An upstream that refuses the upgrade has its answer passed on.
 *
 * Node's own HTTP client, not undici: undici's upgrade turns an upstream's refusal (a 400 or 404 to
 * a bad token) into an error, where the browser must see that answer. Each handshake is journaled
 * (`kind: "websocket"`) when it ends; the frames are not. The network switch refuses new upgrades;
 * the faults, which shape HTTP answers, do not apply to them.
 */
import { request as httpRequest, type IncomingMessage, STATUS_CODES } from "node:http";
import { request as httpsRequest } from "node:https";
import type { Socket } from "node:net";
import type { Logger } from "pino";
import { isUnderControlPrefix } from "../control/controlPaths.ts";
import { clipText } from "../http/clipText.ts";
import { type HeaderRecord, MAX_JOURNALED_VALUE_LENGTH, redactedRawHeaders } from "../http/redactHeaders.ts";
import { redactToken } from "../http/redactToken.ts";
import { type Journal, MAX_JOURNALED_URL_LENGTH, type Outcome } from "../journal/journal.ts";
import { HOP_BY_HOP, withoutHopByHop } from "./hopByHop.ts";
import type { ProxyHop } from "./proxyHop.ts";
import { forwardedFor, originForm, protocolOf, UPSTREAM_TIMEOUT_MS } from "./proxyToUpstream.ts";
import type { Upstream } from "./upstreamUrl.ts";

export interface UpgradeOptions {
  readonly upstream: Upstream;
  readonly hop: ProxyHop;
  readonly journal: Journal;
  readonly logger: Logger;
  readonly isOffline: () => boolean;
  readonly deployOf: () => number;
  readonly controlToken?: string;
  /** Accept any certificate from an https:// upstream. */
  readonly insecure?: boolean;
  readonly timeoutMs?: number;
}

export type UpgradeHandler = (req: IncomingMessage, socket: Socket, head: Buffer) => void;

/**
 * What a client may send before the upstream answers its handshake, kept for the upstream: a
 * WebSocket client sends nothing until the 101 (RFC 6455 §4.1), so 64 KiB is room for any other
 * upgrade's first bytes; past it the handshake is given up as if the client had left.
 */
export const MAX_EARLY_CLIENT_BYTES = 64 * 1024;

/** An HTTP/1.1 answer written on the raw socket, which has no ServerResponse during an upgrade. */
function head(status: number, message: string | undefined, rawHeaders: readonly string[]): string {
  const lines = [`HTTP/1.1 ${status} ${message || STATUS_CODES[status] || ""}`];
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) lines.push(`${rawHeaders[index]}: ${rawHeaders[index + 1]}`);
  return `${lines.join("\r\n")}\r\n\r\n`;
}

function answerError(socket: Socket, status: number, message: string): void {
  const body = `${message}\n`;
  socket.end(
    `${head(status, undefined, ["Content-Type", "text/plain; charset=utf-8", "Content-Length", String(Buffer.byteLength(body)), "Connection", "close"])}${body}`,
  );
}

/** The raw headers without the hop-by-hop ones (for a refusal passed on, whose body is then read to the close). */
function endToEnd(rawHeaders: readonly string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    const name = rawHeaders[index] as string;
    const lower = name.toLowerCase();
    if (!HOP_BY_HOP.has(lower) && lower !== "content-length") kept.push(name, rawHeaders[index + 1] as string);
  }
  return [...kept, "Connection", "close"];
}

export function forwardUpgrades({
  upstream,
  hop,
  journal,
  logger,
  isOffline,
  deployOf,
  controlToken,
  insecure = false,
  timeoutMs = UPSTREAM_TIMEOUT_MS,
}: UpgradeOptions): UpgradeHandler {
  return (req, socket, firstBytes) => {
    const started = performance.now();
    const deploy = deployOf();
    const generation = journal.generation;
    const url = redactToken(req.url ?? "/", controlToken);
    // A socket error (the browser went away mid-handshake) must not take the server down.
    socket.on("error", () => socket.destroy());
    const record = (status: number | null, outcome: Outcome, responseHeaders: HeaderRecord = {}) => {
      const entry = {
        time: new Date().toISOString(),
        method: req.method ?? "GET",
        url: clipText(url, MAX_JOURNALED_URL_LENGTH),
        status,
        durationMs: Math.round(performance.now() - started),
        fromWorker: false,
        accept: req.headers.accept ?? null,
        secFetchMode: (req.headers["sec-fetch-mode"] as string | undefined) ?? null,
        secFetchDest: (req.headers["sec-fetch-dest"] as string | undefined) ?? null,
        navigationPreload: false,
        kind: "websocket" as const,
        outcome,
        fault: null,
        faultApplied: null,
        tooCostlyToMatch: false,
        digest: null,
        requestHeaders: redactedRawHeaders(req.rawHeaders, controlToken),
        responseHeaders,
        nearMisses: [],
        deploy,
        requestBody: null,
        replayed: null,
      };
      if (generation === journal.generation) journal.add(entry);
      logger.info({ method: entry.method, url: entry.url, status, ms: entry.durationMs, outcome, kind: entry.kind }, "request");
    };
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    if (isUnderControlPrefix(path)) {
      answerError(socket, 404, "The control API has no WebSocket; its live journal is GET /__mock/journal/stream (server-sent events).");
      return;
    }
    if (isOffline()) {
      record(null, "offline");
      socket.resetAndDestroy();
      return;
    }
    if (hop.cameBack(req)) {
      answerError(
        socket,
        508,
        `The WebSocket upgrade for ${clipText(url, MAX_JOURNALED_VALUE_LENGTH)} came back to this server: point --upstream at the app itself.`,
      );
      record(508, "completed");
      return;
    }
    const headers = {
      ...withoutHopByHop(req.headers),
      connection: "Upgrade",
      upgrade: req.headers.upgrade ?? "websocket",
      via: hop.via(req),
      "x-forwarded-for": forwardedFor(req.headers["x-forwarded-for"], req.socket.remoteAddress),
      "x-forwarded-proto": protocolOf(req),
      ...(req.headers.host === undefined ? {} : { "x-forwarded-host": req.headers.host }),
    };
    const send = upstream.tls ? httpsRequest : httpRequest;
    const outgoing = send({
      hostname: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: originForm(req.url ?? "/"),
      headers,
      // One connection per socket: an upgraded connection is never given back to a pool.
      agent: false,
      ...(upstream.tls ? { rejectUnauthorized: !insecure, servername: upstream.hostname } : {}),
    });
    outgoing.setTimeout(timeoutMs, () => outgoing.destroy(Object.assign(new Error(`it sent nothing for ${timeoutMs} ms`), { code: "TIMEOUT" })));
    let answered = false;
    // A client that leaves before the upstream answers (its FIN, as a page closing does, or a reset)
    // takes the upstream request with it: the server's sockets stay half-open after a FIN, and both
    // sides were held until the upstream timeout (200 such handshakes: 400 descriptors for 60 s).
    const leave = () => {
      if (answered) return;
      answered = true;
      outgoing.destroy();
      socket.destroy();
      record(null, "aborted");
    };
    // A FIN shows only to a socket that is read, so the client's bytes are read while it waits and
    // kept for the upstream, at most MAX_EARLY_CLIENT_BYTES of them.
    const early: Buffer[] = [...(firstBytes.length > 0 ? [firstBytes] : [])];
    let earlyBytes = firstBytes.length;
    const keepEarly = (chunk: Buffer) => {
      earlyBytes += chunk.length;
      if (earlyBytes > MAX_EARLY_CLIENT_BYTES) return leave();
      early.push(chunk);
    };
    /** Once answered: the joined sockets' pipe reads from here on; after a refusal or an error what comes is dropped, so the client's FIN still closes. */
    const stopKeeping = (joined: boolean) => {
      socket.off("data", keepEarly);
      socket.off("end", leave);
      if (joined) socket.pause();
      else socket.on("data", () => {});
    };
    socket.on("data", keepEarly);
    socket.on("end", leave);
    socket.on("close", leave);
    outgoing.on("upgrade", (answer, upstreamSocket, upstreamFirstBytes) => {
      if (answered) return void upstreamSocket.destroy();
      answered = true;
      stopKeeping(true);
      outgoing.setTimeout(0);
      socket.write(head(answer.statusCode ?? 101, answer.statusMessage, answer.rawHeaders));
      if (upstreamFirstBytes.length > 0) socket.write(upstreamFirstBytes);
      for (const chunk of early) upstreamSocket.write(chunk);
      // Either side closing or failing closes the other: a half-joined pair would hold both open.
      upstreamSocket.on("error", () => socket.destroy());
      socket.on("error", () => upstreamSocket.destroy());
      upstreamSocket.on("close", () => socket.destroy());
      socket.on("close", () => upstreamSocket.destroy());
      upstreamSocket.pipe(socket);
      socket.pipe(upstreamSocket);
      record(answer.statusCode ?? 101, "completed", redactedRawHeaders(answer.rawHeaders, controlToken));
    });
    outgoing.on("response", (answer) => {
      if (answered) return void answer.destroy();
      answered = true;
      stopKeeping(false);
      // The client leaving now ends the answer passed on, which the pipe below does not on its own.
      socket.on("close", () => answer.destroy());
      // The upstream refused the upgrade (a 400 for a bad token, a 404): the browser sees its answer.
      socket.write(head(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.rawHeaders)));
      answer.pipe(socket);
      answer.on("end", () => record(answer.statusCode ?? 502, "completed", redactedRawHeaders(answer.rawHeaders, controlToken)));
    });
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      if (socket.destroyed || answered) return;
      answered = true;
      stopKeeping(false);
      logger.warn({ upstream: upstream.origin, url, code: error.code }, "upstream unreachable");
      const status = error.code === "TIMEOUT" ? 504 : 502;
      answerError(
        socket,
        status,
        `Failed to forward the WebSocket upgrade for ${clipText(url, MAX_JOURNALED_VALUE_LENGTH)} to ${upstream.origin}: ${error.message}.`,
      );
      record(status, "completed");
    });
    outgoing.end();
  };
}
