/**
 * Going offline and back, for every spec: the browser's offline emulation and the mock server's
 * network switch (`PUT /__mock/network`) together, so a request that slips past the emulation (a
 * navigation preload was seen reaching the server with the context offline) meets no live server.
 * Specs never call `context.setOffline` themselves (offline.test.ts checks).
 *
 * The server leads both ways. Going offline it goes first, so no moment has the browser offline and
 * the server answering. Coming back it goes first too: an app may reload the instant `online` fires
 * (ONL-1), and that reload must not meet a server still refusing, which would fail the app for the
 * kit's own transition. The moment that leaves, the server back before the browser, lies after
 * everything the test checks offline and before anything it checks online.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { readAcrossNavigations } from "../../kit/waitInPage.ts";
import type { MockServer } from "../harness/mockServerProcess.ts";
import { OFFLINE_HOLD_KEY } from "./spy.ts";

/** Takes the mock server, then the browser, offline. */
export async function goOffline(context: BrowserContext, mock: MockServer): Promise<void> {
  await mock.setOffline(true);
  await context.setOffline(true);
}

/**
 * The engine specs' offline (specs/engines/): the mock server's switch alone. No engine's offline
 * emulation is used there (Firefox's let the worker's own fetches through), so the browser's online
 * state does not change and no `online` event fires: nothing to hold.
 */
export async function serverOffline(mock: Pick<MockServer, "setOffline">): Promise<void> {
  await mock.setOffline(true);
}

/** The engine specs' way back: the mock server's switch alone (serverOffline's counterpart). */
export async function serverOnline(mock: Pick<MockServer, "setOffline">): Promise<void> {
  await mock.setOffline(false);
}

/** Brings the mock server, then the browser, back online. */
export async function goOnline(context: BrowserContext, mock: MockServer): Promise<void> {
  await mock.setOffline(false);
  await context.setOffline(false);
}

/**
 * Offline for the specs of the clauses that are not about `online` (NAV-3/4/6, ERR-6, ONL-2's
 * switch), for the rest of the test; `page` must be on the app's origin. Under Playwright's offline
 * emulation Chromium fires `online` events in a worker-controlled page while an offline navigation
 * is in flight (in 9 of 30 offline navigations against the second app, one of them with
 * `navigator.onLine` true for a moment). An app that reloads at once on `online`, which ONL-1 rules
 * out, then cancels the very navigation such a spec checks, and that clause fails at random for
 * ONL-1's fault. While held, the spy's init script drops `online` events before the app's listeners
 * see them. The ONL-1 and NAV-2 specs never hold.
 */
export async function holdOffline(page: Page, context: BrowserContext, mock: MockServer): Promise<void> {
  // Again in the next document if the app is reloading itself (an update it just applied, say):
  // sessionStorage outlives the reload either way.
  await readAcrossNavigations(page, () => page.evaluate((key) => sessionStorage.setItem(key, "held"), OFFLINE_HOLD_KEY));
  await goOffline(context, mock);
}

/**
 * Keeps the page's `online` events from the app for the rest of the test, without going offline:
 * for specs whose slow navigation a reload on a stray `online` event would cancel (ONL-1's subject).
 */
export async function ignoreOnlineEvents(page: Page): Promise<void> {
  await readAcrossNavigations(page, () => page.evaluate((key) => sessionStorage.setItem(key, "held"), OFFLINE_HOLD_KEY));
}
