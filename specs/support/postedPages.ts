/**
 * NAV-3's stimulus on any worker: navigations posted as Workbox's `CACHE_URLS` message, with a reply
 * port so the test knows the worker is done with them. Some workers answer no such message (Angular's
 * ngsw has no such protocol): what they do with a posted navigation cannot be seen, so not checked.
 * Some answer and store nothing (Workbox's default router with only a precache and a
 * `NavigationRoute`): they store no posted page, good or bad.
 */
import { type Page, test } from "@playwright/test";
import { notChecked, precondition } from "./applicability.ts";
import { cachedUrls, postToWorker, settleWorkerCache, storedWithinGrace } from "./browserState.ts";
import { waitLearning } from "./learningWait.ts";
import { knownFact, recordFact } from "./runFacts.ts";

const NO_REPLY =
  "the worker answers no CACHE_URLS message (Workbox's protocol, which NAV-3 posts its pages with), so what it does with a posted navigation cannot be seen";

/** Posts `urls` in one `CACHE_URLS` message and resolves with the worker's reply; not checked when it never replies. */
export async function postCacheUrls(page: Page, urls: readonly string[]): Promise<void> {
  const testInfo = test.info();
  const known = knownFact(testInfo, "no-cache-urls-reply");
  if (known) notChecked(`${known} (found by an earlier test of this run)`);
  try {
    await postToWorker(page, { type: "CACHE_URLS", payload: { urlsToCache: urls } });
  } catch (error) {
    if (!(error as Error).message.includes("did not reply")) throw error;
    recordFact(testInfo, "no-cache-urls-reply", NO_REPLY);
    notChecked(NO_REPLY);
  }
}

/**
 * Whether the worker stores `good`, posted with the pages a test is about (NAV-3's required rule),
 * and once it has, that its storing of them all is over. false: the worker stores no page posted to it,
 * as an earlier test of the run may already have found.
 */
export async function storesPostedPage(page: Page, origin: string | undefined, good: string): Promise<boolean> {
  const stored = await waitLearning({
    what: `the worker stores ${good}, posted with them`,
    fact: "stores-no-posted-page",
    inVain: `the worker replied to CACHE_URLS for ${good} and did not store it`,
    probe: async () => (await cachedUrls(page)).includes(`${origin}${good}`),
    knownEndsAtOnce: true,
  });
  if (stored) await precondition("the worker's storing of the posted pages is over", () => settleWorkerCache(page, origin, good));
  return stored;
}

/**
 * Whether `url`, posted alone and answered, is in Cache Storage: the reply comes once the worker is
 * done with the URL, and a write it started may land a moment later (the grace). Not stored: the
 * worker stores no posted page, which later tests of the run then know without waiting for it.
 */
export async function storesPostedPageAfterReply(page: Page, url: string): Promise<boolean> {
  if (await storedWithinGrace(page, url)) return true;
  recordFact(test.info(), "stores-no-posted-page", `the worker replied to CACHE_URLS for ${new URL(url).pathname} and did not store it`);
  return false;
}
