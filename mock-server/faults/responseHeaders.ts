/**
 * Response headers: a fault's `responseHeaders` go on whatever response follows (its status page, or
 * the app's own answer), set as the headers are written so they win over the page's own
 * `Cache-Control` and a 503's default `Retry-After`.
 */
import type { Response } from "express";
import type { ResponseHeaders } from "./responseHeadersSchema.ts";

export function addResponseHeaders(res: Response, headers: ResponseHeaders): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
    for (const [name, value] of Object.entries(headers)) this.setHeader(name, value);
    return writeHead.apply(this, args);
  } as Response["writeHead"];
}
