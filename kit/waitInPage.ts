/**
 * The one way the kit waits for something inside a page: a function that runs in the page and
 * settles on the page's own events (a worker's `statechange`, `controllerchange`, `ready`), given the
 * time left. A document the app replaces meanwhile (its own reload on `controllerchange`, a redirect)
 * ends the function with the old document; the wait goes on in the new one with what time is left,
 * as Playwright's own `waitForFunction` does, but without a poll over page globals.
 */
import type { Page } from "@playwright/test";

/** The in-page function's own word for "my time ran out" (it cannot throw a Playwright TimeoutError). */
export const IN_PAGE_TIMEOUT = "pck-in-page-timeout";

/** The message Playwright gives when the document an evaluate ran in went away (a navigation). */
const DOCUMENT_GONE = /Execution context was destroyed|navigating and changing the content|Cannot find context with specified id/;

/** A wait that ran out of time: named like Playwright's own, so callers tell it apart the same way. */
export class WaitTimeoutError extends Error {
  override name = "TimeoutError";
}

/** What the in-page function gets: the caller's argument, the time left, and the word to reject with when it is up. */
export interface InPageInput<Arg> {
  readonly arg: Arg;
  readonly msLeft: number;
  readonly timeoutWord: string;
}

/**
 * Runs `inPage(arg, msLeft)` in `page` until it resolves, again in each new document if the app
 * navigates meanwhile, for at most `timeoutMs` in all. `inPage` must reject with IN_PAGE_TIMEOUT when
 * its `msLeft` is up. Rejects with a WaitTimeoutError naming `what` when the time is up.
 */
export async function waitInPage<Arg, Result>(
  page: Page,
  what: string,
  inPage: (input: InPageInput<Arg>) => Promise<Result>,
  arg: Arg,
  timeoutMs: number,
): Promise<Result> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const msLeft = deadline - Date.now();
    if (msLeft <= 0) break;
    try {
      // Playwright types the argument through its own serialisable form, which a type parameter defeats.
      return await page.evaluate(inPage as (input: unknown) => Promise<Result>, { arg, msLeft, timeoutWord: IN_PAGE_TIMEOUT } as unknown);
    } catch (error) {
      const message = (error as Error).message;
      if (message.includes(IN_PAGE_TIMEOUT)) break;
      if (!DOCUMENT_GONE.test(message)) throw error;
      // The next document: wait until it can run scripts, within the same deadline.
      await page.waitForLoadState("domcontentloaded", { timeout: Math.max(1, deadline - Date.now()) }).catch(() => undefined);
    }
  }
  throw new WaitTimeoutError(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
}

/** How many documents in a row a read follows before it gives up: an app that reloads itself forever. */
const MAX_DOCUMENTS = 5;

/**
 * Runs `read` (an evaluate in the page, say), again in the next document when the app replaced the
 * page meanwhile (a reload on `controllerchange`, a redirect): for the probe, which reads an app it
 * knows nothing of yet and must not fail on what the app does, and for a harness step a reload the
 * app may be making at that moment must not break (the offline hold's mark).
 */
export async function readAcrossNavigations<T>(page: Page, read: () => Promise<T>): Promise<T> {
  for (let documents = 1; ; documents++) {
    try {
      return await read();
    } catch (error) {
      if (documents >= MAX_DOCUMENTS || !DOCUMENT_GONE.test((error as Error).message)) throw error;
      await page.waitForLoadState("load");
    }
  }
}
