/**
 * The app's web app manifest as Chromium reads it from the home page (`Page.getAppManifest`, the
 * same answer the INS specs judge by), and the heading of the page its start URL opens: the
 * profile's `install.startHeading`. Chromium reads a manifest without a limit (256 MB of one that
 * never ended, still unanswered after 20 s), so init reads it first, capped (kit/readAppBody.ts), and
 * gives Chromium's answer LOAD_TIMEOUT_MS.
 */
import type { BrowserContext } from "@playwright/test";
import { AppBodyError, readAppBody } from "../../../kit/readAppBody.ts";
import type { ManifestFact } from "../appFacts.ts";
import { linkedManifest, readHeading } from "./pageReads.ts";
import { LOAD_TIMEOUT_MS } from "./timeouts.ts";

interface AppManifest {
  readonly url: string;
  readonly data?: string;
  readonly manifest?: { readonly startUrl?: string };
}

export async function probeManifest(context: BrowserContext, home: string): Promise<ManifestFact> {
  const page = await context.newPage();
  await page.goto(home, { timeout: LOAD_TIMEOUT_MS });
  const linked = await linkedManifest(page);
  if (linked !== null) {
    try {
      await readAppBody(linked, { timeoutMs: LOAD_TIMEOUT_MS });
    } catch (error) {
      if (error instanceof AppBodyError) return { kind: "unknown", detail: error.message };
      throw error;
    }
  }
  const session = await context.newCDPSession(page);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`Chromium gave no answer for the manifest within ${LOAD_TIMEOUT_MS} ms`)), LOAD_TIMEOUT_MS);
  });
  let answer: AppManifest;
  try {
    answer = (await Promise.race([session.send("Page.getAppManifest", {}), gaveUp])) as AppManifest;
  } finally {
    clearTimeout(timer);
    await session.detach().catch(() => undefined);
  }
  if (!answer.url) return { kind: "none" };
  const startUrl = answer.manifest?.startUrl;
  if (!answer.data || !startUrl) return { kind: "unreadable", url: answer.url };
  await page.goto(startUrl, { timeout: LOAD_TIMEOUT_MS });
  return { kind: "found", url: answer.url, startUrl, startHeading: await readHeading(page) };
}
