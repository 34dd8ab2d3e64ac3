/**
 * Loads each linked page as a document and reads its heading, until enough pages can go into the
 * profile: the home page's links first, then, where they give too few, the links on those pages
 * (pages the suite opens by their path; a test that needs one more page takes them).
 */
import type { Page } from "@playwright/test";
import type { LinkFact } from "../appFacts.ts";
import { type HomeLink, scopeLinks } from "./openHome.ts";
import { readHeading } from "./pageReads.ts";

/** A page the profile can list: it loaded 2xx, showed an h1, and its path has no query (the schema refuses one). */
export function isUsablePage(link: LinkFact): link is LinkFact & { heading: string } {
  return link.heading !== null && link.status !== null && link.status >= 200 && link.status < 300 && !link.path.includes("?");
}

async function visit(page: Page, link: HomeLink, linkedFrom: string | undefined): Promise<LinkFact> {
  let status: number | null = null;
  try {
    status = (await page.goto(link.path))?.status() ?? null;
  } catch {
    // Did not load: recorded as status null, and skipped.
  }
  const heading = status !== null && status < 300 ? await readHeading(page) : null;
  return { ...link, heading, status, ...(linkedFrom === undefined ? {} : { linkedFrom }) };
}

export async function visitLinks(page: Page, links: readonly HomeLink[], wanted: number, scope: string, home: string): Promise<LinkFact[]> {
  const facts: LinkFact[] = [];
  const usable = () => facts.filter(isUsablePage).length;
  for (const link of links) {
    if (usable() === wanted) return facts;
    facts.push(await visit(page, link, undefined));
  }
  // Too few linked from home: the pages those link to, one level down, in the order found.
  const known = () => [new URL(home, page.url()).pathname, ...links.map((link) => link.path), ...facts.map((fact) => fact.path)];
  for (const from of facts.filter(isUsablePage)) {
    if (usable() >= wanted) break;
    try {
      await page.goto(from.path);
    } catch {
      continue;
    }
    for (const link of await scopeLinks(page, scope, known(), false)) {
      if (usable() >= wanted) break;
      facts.push(await visit(page, link, from.path));
    }
  }
  return facts;
}
