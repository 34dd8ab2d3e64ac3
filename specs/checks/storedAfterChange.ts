/**
 * NAV-1's required outcome: after a history change, the new page ends up in Cache Storage, whatever
 * the channel. How long a test waits for it is what the probe saw of the same kind of change
 * (harness/windows.ts): an app may store its own navigations and not another script's replaceState.
 */
import type { Page } from "@playwright/test";
import type { AppFacts, Fact, Timed } from "../../kit/appFacts.ts";
import { expect } from "../harness/expect.ts";
import { awaitSignal, guidedBy, WRITE_GRACE_MS } from "../harness/windows.ts";
import type { AppDriver } from "./appDriver.ts";
import { cachedUrls } from "./browserState.ts";

/** Who made the history change: the app's own navigation, or another script's pushState/replaceState. */
export type ChangeBy = "app" | "script";

const SEEN: Record<ChangeBy, (facts: AppFacts) => Fact<Timed> | undefined> = {
  app: (facts) => facts.ownNavigationStored,
  script: (facts) => facts.scriptChangeStored,
};
const WHOSE: Record<ChangeBy, string> = { app: "its own navigation", script: "another script's history change" };

/** A stored URL without its fragment: a page stored with its `#…` (Serwist posts the URL as given) is stored all the same. */
export function withoutFragment(url: string): string {
  return url.split("#")[0] ?? url;
}

/** The stored URLs, each withoutFragment(). */
export async function storedUrls(page: Page): Promise<string[]> {
  return (await cachedUrls(page)).map(withoutFragment);
}

/**
 * Whether Cache Storage comes to hold `url` after a history change made by `by` (an observation, not a
 * verdict), within the window the probe's facts give. `guide`: the answer only decides whether the
 * test can judge something else, so where the probe saw no such page stored, one look answers it.
 */
export async function storedAfterChange(page: Page, url: string, by: ChangeBy, facts: AppFacts, { guide = false }: { guide?: boolean } = {}): Promise<boolean> {
  const seen = SEEN[by](facts);
  const probe = async () => (await storedUrls(page)).includes(url);
  if (guide && !guidedBy(seen)) return probe();
  return awaitSignal({ what: `Cache Storage holds ${url} after ${WHOSE[by]}`, seen, probe });
}

/** Asserts that Cache Storage comes to hold every one of `urls` after a history change made by `by`. */
export async function expectStored(page: Page, urls: readonly string[], by: ChangeBy, facts: AppFacts, what: string): Promise<void> {
  for (const url of urls) {
    if (await storedAfterChange(page, url, by, facts)) continue;
    expect(await storedUrls(page), `Cache Storage holds ${url} after ${what}`).toContain(url);
  }
}

/** The app's own navigation that settles a wait for another script's change (expectStoredBySentinel). */
export interface Sentinel {
  readonly app: AppDriver;
  readonly target: Parameters<AppDriver["navigateClientSide"]>[1];
  /** The target's absolute URL, as Cache Storage would hold it. */
  readonly url: string;
}

/**
 * expectStored() for another script's history change, settled by a definite signal instead of the
 * full wait: the app's own navigation made after the change. Once the page it leads to is stored,
 * whatever the app stores for the earlier change has been stored or is being written (WRITE_GRACE_MS),
 * so a page still missing then is a verdict. When the app does not store its own navigation (or
 * already held the sentinel's page), nothing is settled and the window applies as in expectStored().
 */
export async function expectStoredBySentinel(page: Page, urls: readonly string[], sentinel: Sentinel, facts: AppFacts, what: string): Promise<void> {
  const held = (await storedUrls(page)).includes(sentinel.url);
  if (!held) {
    await sentinel.app.navigateClientSide(page, sentinel.target);
    if (await storedAfterChange(page, sentinel.url, "app", facts, { guide: true })) {
      for (const url of urls) {
        const stored = await expect
          .poll(async () => (await storedUrls(page)).includes(url), { timeout: WRITE_GRACE_MS })
          .toBe(true)
          .then(
            () => true,
            () => false,
          );
        if (stored) continue;
        expect(await storedUrls(page), `Cache Storage holds ${url} after ${what} (the app's own later navigation to ${sentinel.url} is stored)`).toContain(url);
      }
      return;
    }
  }
  await expectStored(page, urls, "script", facts, what);
}
