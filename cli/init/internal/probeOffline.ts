/**
 * Takes the browser offline once a worker controls the home page, then navigates to a page not yet
 * visited in that browser, as NAV-6's spec does: what the worker answers is the app's offline page.
 * Chromium fires stray `online` events in a controlled page while an offline navigation is in flight
 * (specs/checks/offline.ts says how often); an app that reloads on them would cancel the navigation, so they are
 * held back from the app, as the suite's holdOffline() does.
 */
import type { BrowserContext } from "@playwright/test";
import type { OfflineFact } from "../appFacts.ts";
import { readMainText, waitForControl } from "./pageReads.ts";

const HOLD_KEY = "__pck_init_offline_hold";

/** `pageHeading`: the h1 `path` shows online, where known; `homeText`: what the home page shows (its h1, else first line). */
export async function probeOffline(
  context: BrowserContext,
  home: string,
  path: string,
  pageHeading: string | null,
  homeText: string | null,
): Promise<OfflineFact> {
  await context.addInitScript((key) => {
    window.addEventListener(
      "online",
      (event) => {
        if (sessionStorage.getItem(key) !== null) event.stopImmediatePropagation();
      },
      { capture: true },
    );
  }, HOLD_KEY);
  const page = await context.newPage();
  await page.goto(home);
  if (!(await waitForControl(page))) {
    return { kind: "unknown", path, detail: `No worker controlled ${home}, so init could not see what it answers offline.` };
  }
  await page.evaluate((key) => sessionStorage.setItem(key, "held"), HOLD_KEY);
  await context.setOffline(true);
  let response: Awaited<ReturnType<typeof page.goto>>;
  try {
    response = await page.goto(path);
  } catch (error) {
    const reason = (error as Error).message.split("\n")[0] ?? String(error);
    return { kind: "none", path, detail: `got no answer from the worker (${reason.replace(/^page\.goto: /, "")})` };
  }
  if (response === null || !response.fromServiceWorker()) {
    return { kind: "unknown", path, detail: `Offline, ${path} was not answered by the worker (status ${response?.status() ?? "none"}).` };
  }
  const text = await readMainText(page);
  if (text === null) return { kind: "unknown", path, detail: `Offline, the worker answered ${path} with status ${response.status()} and a page without text.` };
  if (text === pageHeading) {
    return {
      kind: "unknown",
      path,
      detail: `Offline, the worker answered ${path} with the page itself (stored before any visit, e.g. precached), so no offline page showed.`,
    };
  }
  if (text === homeText) {
    // An app shell answered from the cache, showing home at another page's URL: no offline page.
    return { kind: "none", path, detail: `was answered by the worker with the home page (it shows '${text}', as home does), not an offline page` };
  }
  return { kind: "page", path, text, status: response.status() };
}
