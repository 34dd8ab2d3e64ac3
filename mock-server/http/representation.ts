/** Which representation of a URL a request asks for: the HTML document or the JSON data (same URL). */
import type { Request } from "express";
import { DATA_ACCEPT } from "../../src/core/page.ts";

export type Representation = "document" | "data";

export function representationOf(req: Request): Representation {
  return req.accepts(["text/html", DATA_ACCEPT]) === DATA_ACCEPT ? "data" : "document";
}
