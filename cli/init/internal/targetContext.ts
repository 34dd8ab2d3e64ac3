/**
 * A browser context that talks to the app's origin only: any request elsewhere (analytics, fonts, a
 * CDN) is aborted, so discovering an app never reaches a third party.
 */
import type { Browser, BrowserContext } from "@playwright/test";
import { ACTION_TIMEOUT_MS, LOAD_TIMEOUT_MS } from "./timeouts.ts";

/** `serviceWorkers: "block"`: what the server itself answers, for a worker that answers every path with home. */
export async function targetContext(
  browser: Browser,
  origin: string,
  { serviceWorkers = "allow" }: { serviceWorkers?: "allow" | "block" } = {},
): Promise<BrowserContext> {
  // baseURL: every path init opens is the app's own.
  const context = await browser.newContext({ serviceWorkers, baseURL: origin });
  // Run from source (tsx), the functions init passes to page.evaluate carry esbuild's keepNames
  // calls, __name(fn, "name"), which no page defines: waiting for a worker (kit/workerControl.ts)
  // then threw, and init took every app for one no worker controls. The compiled package has none.
  await context.addInitScript("globalThis.__name ??= (target) => target;");
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(LOAD_TIMEOUT_MS);
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort("blockedbyclient"),
  );
  return context;
}

/**
 * Closes a context from targetContext, waiting at most ACTION_TIMEOUT_MS. Chromium can leave
 * `Target.disposeBrowserContext` unanswered (seen: a document with a `beforeunload` listener being
 * replaced when its context was closed); the browser's close at the end of discovery ends it, so a
 * step that has its answer does not wait on it.
 */
export async function closeContext(context: BrowserContext): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ACTION_TIMEOUT_MS);
  });
  await Promise.race([context.close().catch(() => undefined), gaveUp]);
  clearTimeout(timer);
}
