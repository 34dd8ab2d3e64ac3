/**
 * NAV-1's required outcome: after a history change, the new page ends up in Cache Storage, whatever
 * the channel. The wait learns from the run (learningWait.ts), per kind of change: an app may store
 * its own navigations and not another script's replaceState.
 */
import { expect, type Page } from "@playwright/test";
import { cachedUrls } from "./browserState.ts";
import { waitLearning } from "./learningWait.ts";
import type { RunFact } from "./runFacts.ts";

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
