/**
 * NAV-3's stimulus on any worker: navigations posted as Workbox's `CACHE_URLS` message, with a reply
 * port so the test knows the worker is done with them. Some workers answer no such message (Angular's
 * ngsw has no such protocol): what they do with a posted navigation cannot be seen, so not checked.
 * Some answer and store nothing (Workbox's default router with only a precache and a
 * `NavigationRoute`): they store no posted page, good or bad. The probe found which (kit/appFacts.ts).
 */
import { type Page, test } from "@playwright/test";
import type { AppFacts } from "../../kit/appFacts.ts";
import { WAIT_PREFIX } from "../../kit/outcomes.ts";
import { notChecked, precondition } from "../harness/applicability.ts";
import { FULL_WAIT_MS } from "../harness/windows.ts";
import { cachedUrls, NO_REPLY, postToWorker, settleWorkerCache, storedWithin, storedWithinGrace } from "./browserState.ts";

const NO_REPLY_REASON =
  "the worker answers no CACHE_URLS message (Workbox's protocol, which NAV-3 posts its pages with), so what it does with a posted navigation cannot be seen";

/** Posts `urls` in one `CACHE_URLS` message and resolves with the worker's reply; not checked when it never replies. */
export function postCacheUrls(page: Page, urls: readonly string[], facts: AppFacts): Promise<void> {
  return postCacheUrlsBy((message) => postToWorker(page, message), urls, facts);
}

/**
 * postCacheUrls() through any engine's page: `post` sends the message with a reply port and resolves
 * with the reply, or rejects with NO_REPLY's words (browserState.ts's postToWorkerInPage).
 */
export async function postCacheUrlsBy(post: (message: unknown) => Promise<unknown>, urls: readonly string[], facts: AppFacts): Promise<void> {
  if (facts.cacheUrls?.value === "no reply") notChecked(`${NO_REPLY_REASON} (the kit's probe: ${facts.cacheUrls.how})`);
  try {
    await post({ type: "CACHE_URLS", payload: { urlsToCache: urls } });
  } catch (error) {
    if (!(error as Error).message.includes(NO_REPLY)) throw error;
    notChecked(NO_REPLY_REASON);
  }
}

/**
 * Whether the worker stores `good`, posted with the pages a test is about (NAV-3's required rule),
 * and once it has, that its storing of them all is over. false: the worker stores no page posted to
 * it, as the probe found (one look then, no wait).
 */
export async function storesPostedPage(page: Page, origin: string | undefined, good: string, facts: AppFacts): Promise<boolean> {
  const url = `${origin}${good}`;
  const storesPosted = facts.cacheUrls?.value !== "replies, stores nothing";
  const stored = storesPosted
    ? await test.step(`${WAIT_PREFIX} the worker stores ${good}, posted with them`, () => storedWithin(page, url, FULL_WAIT_MS))
    : (await cachedUrls(page)).includes(url);
  if (stored) await precondition("the worker's storing of the posted pages is over", () => settleWorkerCache(page, origin, good));
  return stored;
}

/**
 * Whether `url`, posted alone and answered, is in Cache Storage: the reply comes once the worker is
 * done with the URL, and a write it started may land a moment later (the grace).
 */
export function storesPostedPageAfterReply(page: Page, url: string): Promise<boolean> {
  return storedWithinGrace(page, url);
}
