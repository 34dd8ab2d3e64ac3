/**
 * A full navigation whose failure is an observation, not an error of the suite: offline, an app
 * without an offline page lands on the browser's error page and `page.goto` throws. Specs assert on
 * the outcome, so such an app fails the clause under test instead of ending the test with a
 * `net::ERR_…` from the harness.
 */
import type { Page } from "@playwright/test";

export interface NavigationOutcome {
  /** The browser's error (`net::ERR_INTERNET_DISCONNECTED`, a timeout), or null when a response came. */
  readonly error: string | null;
  readonly status: number | null;
  readonly fromServiceWorker: boolean;
  readonly contentType: string | null;
  /** A sentence for assertion messages: what the browser got. */
  readonly summary: string;
}

/**
 * Ends a navigation still under way once the test has its outcome (the server hangs, the worker never
 * answers). Left pending, it held a failed test's error context and its trace for 5 s each while
 * Playwright waited for the page to settle (10 s more per such failure, measured).
 */
async function stopLoading(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send("Page.stopLoading");
  } finally {
    await session.detach();
  }
}

/**
 * Navigates to `path` (or reloads) and says what came. By default it waits for the `load` event;
 * `waitUntil: "commit"` returns as soon as the response reaches the page, for a test about who
 * answered and when (the page's rendering then has an assertion's own wait).
 */
export async function navigate(
  page: Page,
  path: string,
  options: { timeout?: number; reload?: boolean; waitUntil?: "load" | "commit" } = {},
): Promise<NavigationOutcome> {
  const { timeout, waitUntil } = options;
  try {
    const response = options.reload ? await page.reload({ timeout, waitUntil }) : await page.goto(path, { timeout, waitUntil });
    const status = response?.status() ?? null;
    const fromServiceWorker = response?.fromServiceWorker() ?? false;
    const contentType = response?.headers()["content-type"] ?? null;
    return {
      error: null,
      status,
      fromServiceWorker,
      contentType,
      summary: `status ${status}${fromServiceWorker ? " from the service worker" : " from the network"}`,
    };
  } catch (error) {
    const message = (error as Error).message.split("\n")[0] ?? String(error);
    if ((error as Error).name === "TimeoutError") await stopLoading(page);
    return { error: message, status: null, fromServiceWorker: false, contentType: null, summary: `no response: ${message}` };
  }
}
