/**
 * Before a test changes history itself, the app must be listening: a framework installs its
 * posting once the page has hydrated (Serwist's provider patches `pushState`/`replaceState` in a
 * React effect), and a change made before that is one no person could make. Seen on the Next.js
 * app, 1 run in 8: a test's history changes ran before hydration and went by unposted. The sign that
 * the app listens is its own client-side navigation, answered as the probe saw it answer one.
 */
import type { Page } from "@playwright/test";
import type { AppFacts } from "../../kit/appFacts.ts";
import { awaitSignal, guidedBy } from "../harness/windows.ts";
import type { AppDriver, ProfilePage } from "./appDriver.ts";
import { postedUrls } from "./posts.ts";
import type { Spy } from "./spy.ts";
import { storedAfterChange } from "./storedAfterChange.ts";

/**
 * Whether the app posts `url` as CACHE_URLS after its own navigation to it, within the window the
 * probe's facts give (harness/windows.ts). An observation, never a verdict.
 */
export function postsOwnNavigation(page: Page, spy: Spy, facts: AppFacts, url: string, origin: string | undefined): Promise<boolean> {
  return awaitSignal({
    what: `the app posts ${url} as CACHE_URLS`,
    seen: facts.postsOwnNavigation,
    probe: async () => postedUrls(await spy.posts(page), origin).includes(url),
  });
}

/**
 * Makes the app's own client-side navigation to `ready` and waits for what the probe saw the app do
 * with one: its CACHE_URLS post (which only the app's patched history sends, so a click that landed
 * before hydration as a full load does not count) or, for an app that posts nothing, its page
 * stored. An app that does neither has nothing to wait for. `ready`'s page may be stored after this,
 * so a test that needs pages not stored before its change uses other URLs.
 */
export async function readyForHistoryChanges(
  page: Page,
  app: AppDriver,
  spy: Spy,
  facts: AppFacts,
  ready: ProfilePage,
  origin: string | undefined,
): Promise<void> {
  await app.navigateClientSide(page, ready);
  const url = `${origin}${ready.path}`;
  if (guidedBy(facts.postsOwnNavigation)) await postsOwnNavigation(page, spy, facts, url, origin);
  else if (guidedBy(facts.ownNavigationStored)) await storedAfterChange(page, url, "app", facts);
}

/**
 * In the page: another script's `pushState` to `b`, then `replaceState` to `c`, the two changes
 * NAV-1's "every history change" test makes (in Chromium and in the engines).
 */
export function pushThenReplace([b, c]: readonly string[]): void {
  history.pushState(null, "", b);
  history.replaceState(null, "", c);
}

/**
 * In the page: `pushState` to `away` (outside the scope) and back to `appRoot`, then one to another
 * origin, which history must refuse; resolves with that refusal's name ("SecurityError") or "allowed".
 * NAV-1's scope and origin test, in Chromium and in the engines.
 */
export function pushOutsideAndBack([away, appRoot]: readonly string[]): string {
  history.pushState(null, "", away);
  history.pushState(null, "", appRoot);
  try {
    history.pushState(null, "", "http://127.0.0.1:1/app/");
    return "allowed";
  } catch (error) {
    return (error as Error).name;
  }
}
