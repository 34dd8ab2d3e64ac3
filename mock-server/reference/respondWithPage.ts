/**
 * Answers a request with a page in the representation it asked for: the server-rendered document or
 * the JSON data. Fallback pages (any status other than 200) carry their status and are never cacheable,
 * except a fault's, which carries no Cache-Control at all unless the fault gives one (PageResponder).
 */
import type { Request, Response } from "express";
import type { DataError } from "../../src/core/fallbacks.ts";
import type { PageData } from "../../src/core/page.ts";
import type { ShellConfig } from "../../src/core/shellConfig.ts";
import { representationOf } from "../http/representation.ts";
import { fallbackOf, type PageResponder } from "../pageResponder.ts";
import { type ContentPage, fallbackPage, NAV_LINKS } from "./content.ts";
import { type BuiltAssets, renderDocument } from "./renderDocument.tsx";

export interface ShellPageResponder extends PageResponder {
  /** One of the shell's own pages: 200, or the 404 of a path it has no page for. */
  page(req: Request, res: Response, status: 200 | 404, content: ContentPage): void;
}

export function pageResponder(assets: BuiltAssets, getConfig: () => ShellConfig): ShellPageResponder {
  let renders = 0;
  const send = (req: Request, res: Response, status: number, content: ContentPage, fault: boolean) => {
    const { noStore, ...rest } = content;
    const page: PageData = { ...rest, path: req.path };
    res.status(status).vary("Accept");
    if (representationOf(req) === "data") {
      // The data representation is never a document: no cache may keep it (NAV-3).
      if (!fault) res.set("cache-control", "no-store");
      if (status === 200) res.json({ page });
      else res.json({ error: { status, ...(page.digest === undefined ? {} : { digest: page.digest }) } } satisfies DataError);
      return;
    }
    if (!fault) res.set("cache-control", noStore || status !== 200 ? "no-store" : "no-cache");
    const lateBoot = req.query.__boot === "late";
    res.type("html").send(renderDocument({ assets, boot: { config: getConfig(), page, links: NAV_LINKS }, renderId: ++renders, lateBoot }));
  };
  return {
    page: (req, res, status, content) => send(req, res, status, content, false),
    failure: (req, res, failure) => send(req, res, failure.status, fallbackPage(fallbackOf(failure), failure.digest), true),
  };
}
