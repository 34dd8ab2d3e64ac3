/**
 * How long the suite waits for an app's worker to install and activate, and the one extension it
 * gives: a worker still installing when the wait ends (a large precache on a busy 2-core machine,
 * seen on CI for Next.js + Serwist in 1 of ~400 waits) is on its way, so it gets the time once more
 * and the test says so. A worker that never got that far is the app's: the error then says where
 * the registration stood, for the report.
 */
import { type Page, test } from "@playwright/test";
import { SUITE_NOTE } from "../../kit/outcomes.ts";

/**
 * How long a page may take to come under a worker's control: the worker's install (its precache)
 * and activation. Seen here: under 2 s for Next.js + Serwist on a busy 2-core machine; generous.
 */
export const CONTROL_TIMEOUT_MS = 15_000;

/** Where the page's registration stands, in words: "no registration", or "a worker <state> (<script>)" for its newest worker. */
export async function workerProgress(page: Page): Promise<string> {
  try {
    return await page.evaluate(async () => {
      const registration = await navigator.serviceWorker?.getRegistration();
      if (!registration) return "no registration";
      const newest = registration.installing ?? registration.waiting ?? registration.active;
      return newest ? `a worker ${newest.state} (${newest.scriptURL})` : "a registration without a worker";
    });
  } catch (error) {
    return `the page could not be asked (${(error as Error).message.split("\n")[0]})`;
  }
}

/** The error, carrying where the registration stood when it was thrown (the report's reason says it). */
export type ErrorWithProgress = Error & { progress: string };

function withProgress(error: unknown, progress: string): ErrorWithProgress {
  const failure = error instanceof Error ? error : new Error(String(error));
  return Object.assign(failure, { progress, message: `${failure.message}\n(found: ${progress})` });
}

/**
 * Runs `wait` (which gives up after the timeout it is given) with CONTROL_TIMEOUT_MS; if it gives
 * up while a worker is still installing or activating, runs it once more, with the test's own
 * timeout extended as much.
 */
export async function withInstallTime<T>(page: Page, wait: (timeoutMs: number) => Promise<T>): Promise<T> {
  try {
    return await wait(CONTROL_TIMEOUT_MS);
  } catch (error) {
    const found = await workerProgress(page);
    if (!/^a worker (installing|installed|activating) /.test(found)) throw withProgress(error, found);
    const info = test.info();
    info.annotations.push({ type: SUITE_NOTE, description: `after ${CONTROL_TIMEOUT_MS} ms ${found}, so the suite waited as long again` });
    info.setTimeout(info.timeout + CONTROL_TIMEOUT_MS);
    return await wait(CONTROL_TIMEOUT_MS).catch(async (again: unknown) => {
      throw withProgress(again, await workerProgress(page));
    });
  }
}
