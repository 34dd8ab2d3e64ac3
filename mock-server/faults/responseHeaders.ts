/**
 * Response headers: a fault's `responseHeaders` go on whatever response follows (its status page, the
 * app's own answer, or the upstream's in proxy mode), set as the headers are written so they win over
 * the page's own `Cache-Control`, a 503's default `Retry-After` and the upstream's headers.
 */
import type { OutgoingHttpHeaders } from "node:http";
import type { Response } from "express";
import type { ResponseHeaders } from "./responseHeadersSchema.ts";

/** Headers given to `writeHead` itself override those set before: ours replace theirs, in any case. */
function over(given: unknown, headers: ResponseHeaders): unknown {
  const ours = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  if (Array.isArray(given)) {
    // Node's flat form, [name, value, name, value…]: not a list of pairs.
    const kept = given.flatMap((item, i) => (i % 2 === 0 && !ours.has(String(item).toLowerCase()) ? [item, given[i + 1]] : []));
    return [...kept, ...Object.entries(headers).flat()];
  }
  if (given && typeof given === "object") {
    const kept = Object.entries(given as OutgoingHttpHeaders).filter(([name]) => !ours.has(name.toLowerCase()));
    return { ...Object.fromEntries(kept), ...headers };
  }
  return given;
}

export function addResponseHeaders(res: Response, headers: ResponseHeaders): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    for (const [name, value] of Object.entries(headers)) this.setHeader(name, value);
    const last = args.length - 1;
    if (last > 0 && typeof args[last] === "object") args[last] = over(args[last], headers);
    return (writeHead as (...rest: unknown[]) => Response).apply(this, args);
  } as Response["writeHead"];
}
