/** Loads each linked page as a document and reads its heading, until enough pages have one. */
import type { Page } from "@playwright/test";
import type { LinkFact } from "../appFacts.ts";
import type { HomeLink } from "./openHome.ts";
import { readHeading } from "./pageReads.ts";

export async function visitLinks(page: Page, links: readonly HomeLink[], wanted: number): Promise<LinkFact[]> {
  const facts: LinkFact[] = [];
  let usable = 0;
  for (const link of links) {
    if (usable === wanted) break;
    let status: number | null = null;
    try {
      status = (await page.goto(link.path))?.status() ?? null;
    } catch {
      // Did not load: recorded as status null, and skipped.
    }
    const heading = status !== null && status < 300 ? await readHeading(page) : null;
    if (heading !== null) usable++;
    facts.push({ ...link, heading, status });
  }
  return facts;
}
