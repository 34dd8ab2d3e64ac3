/**
 * What Chromium itself makes of a page's web app manifest, through the DevTools protocol: its own
 * parser (`Page.getAppManifest`) and, in the full browser only, its install criteria
 * (`Page.getInstallabilityErrors`). The kit judges by these, never by a validator of its own.
 */
import type { Page } from "@playwright/test";

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

export async function readManifest(page: Page): Promise<ReadManifest> {
  const session = await page.context().newCDPSession(page);
  try {
    const answer = (await session.send("Page.getAppManifest", {})) as GetAppManifest;
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
