/**
 * NAV-1's required outcome: after a history change, the new page ends up in Cache Storage, whatever
 * the channel. The wait learns from the run (learningWait.ts), per kind of change: an app may store
 * its own navigations and not another script's replaceState.
 */
import { type Page, test } from "@playwright/test";
import type { AppDriver } from "./appDriver.ts";
import { cachedUrls, WRITE_GRACE_MS } from "./browserState.ts";
import { expect } from "./expect.ts";
import { waitLearning } from "./learningWait.ts";
import { type RunFact, recordFact } from "./runFacts.ts";

/** Who made the history change: the app's own navigation, or another script's pushState/replaceState. */
export type ChangeBy = "app" | "script";

const FACTS: Record<ChangeBy, RunFact> = { app: "app-navigation-not-stored", script: "script-change-not-stored" };
const WHOSE: Record<ChangeBy, string> = { app: "its own navigation", script: "another script's history change" };

/** The stored URLs, without a fragment: Cache Storage ignores it, so a page stored with its `#…` is stored all the same. */
export async function storedUrls(page: Page): Promise<string[]> {
  return (await cachedUrls(page)).map((url) => url.split("#")[0] ?? url);
}

/**
 * Whether Cache Storage comes to hold `url` after a history change made by `by` (an observation, not a
 * verdict). `guide`: the answer only decides whether the test can judge something else, so a fact the
 * run already knows answers it at once (learningWait.ts, knownEndsAtOnce).
 */
export function storedAfterChange(page: Page, url: string, by: ChangeBy, { guide = false }: { guide?: boolean } = {}): Promise<boolean> {
  return waitLearning({
    what: `Cache Storage holds ${url} after ${WHOSE[by]}`,
    fact: FACTS[by],
    inVain: `the app did not store ${url} after ${WHOSE[by]} within the full wait`,
    probe: async () => (await storedUrls(page)).includes(url),
    knownEndsAtOnce: guide,
  });
}

/** Asserts that Cache Storage comes to hold every one of `urls` after a history change made by `by`. */
export async function expectStored(page: Page, urls: readonly string[], by: ChangeBy, what: string): Promise<void> {
  for (const url of urls) {
    if (await storedAfterChange(page, url, by)) continue;
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
 * so a page still missing then is a verdict, and the run writes the fact down for the tests that
 * look for the same signal. When the app does not store its own navigation (or already held the
 * sentinel's page), nothing is settled and the full wait applies as in expectStored().
 */
export async function expectStoredBySentinel(page: Page, urls: readonly string[], sentinel: Sentinel, what: string): Promise<void> {
  const held = (await storedUrls(page)).includes(sentinel.url);
  if (!held) {
    await sentinel.app.navigateClientSide(page, sentinel.target);
    if (await storedAfterChange(page, sentinel.url, "app", { guide: true })) {
      for (const url of urls) {
        const stored = await expect
          .poll(async () => (await storedUrls(page)).includes(url), { timeout: WRITE_GRACE_MS })
          .toBe(true)
          .then(
            () => true,
            () => false,
          );
        if (stored) continue;
        recordFact(
          test.info(),
          FACTS.script,
          `the app did not store ${url} after ${WHOSE.script}, though it stored its own later navigation to ${sentinel.url}`,
        );
        expect(await storedUrls(page), `Cache Storage holds ${url} after ${what} (the app's own later navigation to ${sentinel.url} is stored)`).toContain(url);
      }
      return;
    }
  }
  await expectStored(page, urls, "script", what);
}
