/**
 * Replay's adapter: answers a request from the HAR in force (replayIndex.ts picks the entry), else
 * hands it to what stands behind (the proxy) or answers 404, as the replay's `unmatched` says. It
 * stands where the proxy would, behind the journal, the faults and the deploys' retired assets, so
 * all of those still apply; a deploy's suffix is appended to the worker script as the proxy does.
 */
import type { Request, RequestHandler } from "express";
import { CONTROL_PREFIX } from "../control/controlPaths.ts";
import { sendError } from "../http/httpError.ts";
import { findReplay } from "./replayIndex.ts";
import type { Replay } from "./replayState.ts";

/** What Node accepts as a reason phrase; a HAR's other ones (HTTP/2 has none) give way to Node's. */
const REASON_PHRASE = /^[\t\x20-\x7e]*$/;

export interface ReplayRoutesOptions {
  readonly getReplay: () => Replay | null;
  /** The proxy, in proxy mode; undefined when there is no upstream. */
  readonly upstream?: RequestHandler;
  /** As the proxy's (deployedWorker.ts). */
  readonly suffixFor?: (req: Request) => string | undefined;
}

export function replayRoutes({ getReplay, upstream, suffixFor }: ReplayRoutesOptions): RequestHandler {
  return (req, res, next) => {
    const replay = getReplay();
    const kept = res.locals.requestBody;
    const found =
      replay &&
      findReplay(replay.har.index, { method: req.method, url: req.url, headers: req.headers, body: kept?.complete ? kept.bytes.toString("utf8") : null });
    if (!found) {
      if (upstream && (replay === null || replay.unmatched === "upstream")) return upstream(req, res, next);
      const why = replay
        ? `no entry of the HAR '${replay.har.name}' has its method and path (${replay.har.index.usable} of its ${replay.har.index.total} entries can answer)`
        : "no HAR is loaded and there is no upstream";
      return sendError(
        res,
        "REPLAY_UNMATCHED",
        `Failed to answer ${req.method} ${res.locals.url ?? req.originalUrl} from the replay: ${why}. Record the request, or start the server with --upstream and --replay-unmatched upstream. GET ${CONTROL_PREFIX}/replay shows what is loaded.`,
      );
    }
    const { entry, match } = found;
    res.locals.replayed = { entry: entry.index, match };
    const suffix = entry.status === 200 ? suffixFor?.(req) : undefined;
    for (const [name, value] of entry.headers) {
      const lower = name.toLowerCase();
      if (suffix !== undefined && (lower === "etag" || lower === "last-modified")) continue;
      const earlier = res.getHeader(lower);
      if (earlier === undefined) res.setHeader(name, value);
      else if (lower === "set-cookie") res.setHeader(name, [...(Array.isArray(earlier) ? earlier : [String(earlier)]), value]);
      else res.setHeader(name, `${String(earlier)}, ${value}`);
    }
    const body = suffix === undefined ? entry.body : Buffer.concat([entry.body, Buffer.from(suffix)]);
    res.setHeader("content-length", body.length);
    if (REASON_PHRASE.test(entry.statusText) && entry.statusText !== "") res.writeHead(entry.status, entry.statusText);
    else res.writeHead(entry.status);
    res.end(req.method === "HEAD" ? undefined : body);
  };
}
