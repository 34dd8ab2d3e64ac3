/** The probe's one way to time a signal: polled for the full window a test would give it. */
import type { Page } from "@playwright/test";
import type { Timed } from "../../../kit/appFacts.ts";
import { readAcrossNavigations } from "../../../kit/waitInPage.ts";
import { cameWithin } from "../applicability.ts";
import { expect } from "../expect.ts";
import { FULL_WAIT_MS } from "../windows.ts";

/** How long after its stimulus `look` first answers true, within the full window a test gives it, or null. */
export async function timeUntil(page: Page, what: string, look: () => Promise<boolean>): Promise<Timed> {
  const since = Date.now();
  const came = await cameWithin(what, () => expect.poll(() => readAcrossNavigations(page, look), { timeout: FULL_WAIT_MS }).toBe(true));
  return { afterMs: came ? Date.now() - since : null, windowMs: FULL_WAIT_MS };
}
