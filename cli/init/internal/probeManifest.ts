/**
 * The app's web app manifest as Chromium reads it from the home page (`Page.getAppManifest`, the
 * same answer the INS specs judge by), and the heading of the page its start URL opens: the
 * profile's `install.startHeading`.
 */
import type { BrowserContext } from "@playwright/test";
import type { ManifestFact } from "../appFacts.ts";
import { readHeading } from "./pageReads.ts";
import { LOAD_TIMEOUT_MS } from "./timeouts.ts";

export async function probeManifest(context: BrowserContext, home: string): Promise<ManifestFact> {
  const page = await context.newPage();
  await page.goto(home, { timeout: LOAD_TIMEOUT_MS });
  const session = await context.newCDPSession(page);
  const answer = (await session.send("Page.getAppManifest", {})) as { url: string; data?: string; manifest?: { startUrl?: string } };
  await session.detach();
  if (!answer.url) return { kind: "none" };
  const startUrl = answer.manifest?.startUrl;
  if (!answer.data || !startUrl) return { kind: "unreadable", url: answer.url };
  await page.goto(startUrl, { timeout: LOAD_TIMEOUT_MS });
  return { kind: "found", url: answer.url, startUrl, startHeading: await readHeading(page) };
}
