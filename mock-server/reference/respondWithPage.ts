/**
 * Answers a request with a page in the representation it asked for: the server-rendered document or
 * the JSON data. Fallback pages (any status other than 200) carry their status and are never cacheable,
 * except a fault's, which carries no Cache-Control at all unless the fault gives one (PageOptions).
 */
import type { Request, Response } from "express";
import type { DataError } from "../../src/core/fallbacks.ts";
import type { PageData } from "../../src/core/page.ts";
import type { ShellConfig } from "../../src/core/shellConfig.ts";
import { representationOf } from "../http/representation.ts";
import { type ContentPage, NAV_LINKS } from "./content.ts";
import { type BuiltAssets, renderDocument } from "./renderDocument.tsx";

export interface PageOptions {
  /**
   * A fault's page: no Cache-Control of the server's own. A real server's, CDN's or load balancer's
   * error page rarely sends one, and a `no-store` on every injected failure would let a worker that
   * only obeys the header pass ERR-6 without checking the status. `responseHeaders` can add one.
   */
  readonly fault?: boolean;
}

export type PageResponder = (req: Request, res: Response, status: number, content: ContentPage, options?: PageOptions) => void;

export function pageResponder(assets: BuiltAssets, getConfig: () => ShellConfig): PageResponder {
  let renders = 0;
  return (req, res, status, content, options = {}) => {
    const { noStore, ...rest } = content;
    const page: PageData = { ...rest, path: req.path };
    res.status(status).vary("Accept");
    if (representationOf(req) === "data") {
      // The data representation is never a document: no cache may keep it (NAV-3).
      if (!options.fault) res.set("cache-control", "no-store");
      if (status === 200) res.json({ page });
      else res.json({ error: { status, ...(page.digest === undefined ? {} : { digest: page.digest }) } } satisfies DataError);
      return;
    }
    if (!options.fault) res.set("cache-control", noStore || status !== 200 ? "no-store" : "no-cache");
    const lateBoot = req.query.__boot === "late";
    res.type("html").send(renderDocument({ assets, boot: { config: getConfig(), page, links: NAV_LINKS }, renderId: ++renders, lateBoot }));
  };
}
