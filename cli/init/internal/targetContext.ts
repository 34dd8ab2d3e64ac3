/**
 * A browser context that talks to the app's origin only: any request elsewhere (analytics, fonts, a
 * CDN) is aborted, so discovering an app never reaches a third party.
 */
import type { Browser, BrowserContext } from "@playwright/test";
import { ACTION_TIMEOUT_MS, LOAD_TIMEOUT_MS } from "./timeouts.ts";

export async function targetContext(browser: Browser, origin: string): Promise<BrowserContext> {
  // baseURL: every path init opens is the app's own.
  const context = await browser.newContext({ serviceWorkers: "allow", baseURL: origin });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(LOAD_TIMEOUT_MS);
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort("blockedbyclient"),
  );
  return context;
}
