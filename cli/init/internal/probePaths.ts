/** Paths init asks for on purpose: one the app does not have (its 404 page), and a few outside its base path. */
import type { Page } from "@playwright/test";
import type { NotFoundFact, OutsideFact } from "../appFacts.ts";
import { readMainText, scriptUrls } from "./pageReads.ts";

/** Under the scope, and no app would have it; a trailing '/' when the app's page paths end with one. */
export function notFoundPath(scope: string, trailingSlash: boolean): string {
  return `${scope}no/such/page${trailingSlash ? "/" : ""}`;
}

/**
 * Outside the base path: the site root, a sibling that shares the base path's prefix (a scope is a
 * URL prefix, so `/app-outside` is where a sloppy check registers), and a nested path. None for an
 * app at the root.
 */
export function outsidePaths(basePath: string): string[] {
  return basePath === "/" ? [] : ["/", `${basePath}-outside`, "/outside/page"];
}

async function load(page: Page, path: string): Promise<{ status: number | null; html: boolean; finalPath: string }> {
  try {
    const response = await page.goto(path);
    const url = new URL(page.url());
    return {
      status: response?.status() ?? null,
      html: (response?.headers()["content-type"] ?? "").includes("text/html"),
      finalPath: `${url.pathname}${url.search}`,
    };
  } catch {
    return { status: null, html: false, finalPath: path };
  }
}

export async function probeNotFound(page: Page, path: string): Promise<NotFoundFact> {
  const { status, finalPath } = await load(page, path);
  return { path: finalPath, status, text: status === null ? null : await readMainText(page) };
}

export async function probeOutside(page: Page, paths: readonly string[], homeScripts: readonly string[]): Promise<OutsideFact[]> {
  const facts: OutsideFact[] = [];
  for (const path of paths) {
    const { status, html } = await load(page, path);
    const ok = status !== null && status >= 200 && status < 300 && html;
    const servesShell = ok && (await scriptUrls(page)).some((src) => homeScripts.includes(src));
    facts.push({ path, status, servesShell });
  }
  return facts;
}
