/**
 * What Chromium itself makes of a page's web app manifest, through the DevTools protocol: its own
 * parser (`Page.getAppManifest`) and, in the full browser only, its install criteria
 * (`Page.getInstallabilityErrors`). The kit judges by these, never by a validator of its own.
 * Chromium reads a manifest without a limit and hands the whole text to this process (256 MB of one
 * that never ended, still unanswered after 20 s), so the suite reads the linked manifest first, capped
 * (kit/readAppBody.ts), as init does, and gives Chromium's answer SUITE_READ_TIMEOUT_MS.
 */
import type { Page } from "@playwright/test";
import { AppBodyError, readAppBody, SUITE_READ_TIMEOUT_MS } from "../../kit/readAppBody.ts";

/** The manifest as linked and read: its URL ('' when the page links none), the raw text, the parser's errors. */
export interface ReadManifest {
  readonly url: string;
  readonly data: string;
  readonly errors: readonly { message: string; critical: number }[];
  /** The raw JSON, or null when the text is not a JSON object. */
  readonly json: Record<string, unknown> | null;
  /** Chromium's parse: the resolved start URL, scope and id, when it made one. */
  readonly startUrl: string | null;
  readonly scope: string | null;
  readonly id: string | null;
}

interface GetAppManifest {
  url: string;
  errors: { message: string; critical: number }[];
  data?: string;
  manifest?: { startUrl?: string; scope?: string; id?: string };
  parsed?: { scope?: string };
}

/**
 * Throws when the manifest the page links has an answer too long to read or that does not end: the
 * suite cannot learn what Chromium makes of it. An app the kit cannot reach from here is left to
 * Chromium, which may reach it.
 */
async function readLinkedManifestCapped(page: Page): Promise<void> {
  const linked = await page.evaluate(() => {
    const link = document.querySelector<HTMLLinkElement>("link[rel~='manifest' i]");
    return link?.getAttribute("href") ? link.href : null;
  });
  if (linked === null) return;
  try {
    await readAppBody(linked, { timeoutMs: SUITE_READ_TIMEOUT_MS });
  } catch (error) {
    if (!(error instanceof AppBodyError) || error.code !== "unreachable") throw error;
  }
}

export async function readManifest(page: Page): Promise<ReadManifest> {
  await readLinkedManifestCapped(page);
  const session = await page.context().newCDPSession(page);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`Chromium gave no answer for the manifest within ${SUITE_READ_TIMEOUT_MS} ms`)), SUITE_READ_TIMEOUT_MS);
  });
  try {
    const answer = (await Promise.race([session.send("Page.getAppManifest", {}), gaveUp])) as GetAppManifest;
    let json: Record<string, unknown> | null = null;
    try {
      const parsed: unknown = JSON.parse(answer.data ?? "");
      if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) json = parsed as Record<string, unknown>;
    } catch {
      // Not JSON: the parser's errors, or the empty body, say so.
    }
    return {
      url: answer.url,
      data: answer.data ?? "",
      errors: answer.errors,
      json,
      startUrl: answer.manifest?.startUrl || null,
      scope: answer.manifest?.scope || answer.parsed?.scope || null,
      id: answer.manifest?.id || null,
    };
  } finally {
    clearTimeout(timer);
    await session.detach();
  }
}

/** The full Chromium's install criteria for the page, as error ids (`no-acceptable-icon`, …); empty when installable. */
export async function installabilityErrors(page: Page): Promise<string[]> {
  const session = await page.context().newCDPSession(page);
  try {
    const { installabilityErrors: errors } = (await session.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: { errorId: string; errorArguments: { name: string; value: string }[] }[];
    };
    return errors.map((error) => [error.errorId, ...error.errorArguments.map((argument) => `${argument.name}=${argument.value}`)].join(" "));
  } finally {
    await session.detach();
  }
}
