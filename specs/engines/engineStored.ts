/**
 * What a worker stores, read in any engine's page: the stored URLs, a URL coming stored within a
 * window, and NAV-3's stimulus (navigations posted as Workbox's `CACHE_URLS`, with a reply port) as
 * specs/checks/postedPages.ts posts it in Chromium. Each wait for a page to be stored is the full
 * window: the probe's windows are Chromium's, and a verdict in another engine does not rest on how
 * fast Chromium stored (or did not store) a page.
 */
import type { AppFacts } from "../../kit/appFacts.ts";
import type { EnginePage } from "../../kit/engines/engine.ts";
import { CONTROL_TIMEOUT_MS } from "../../kit/workerControl.ts";
import { postToWorkerInPage, postWithoutReplyInPage, settleMessage, settleUrl, workerPost } from "../checks/browserState.ts";
import { postCacheUrlsBy } from "../checks/postedPages.ts";
import { withoutFragment } from "../checks/storedAfterChange.ts";
import { precondition } from "../harness/applicability.ts";
import { expect } from "../harness/engineFixtures.ts";
import { FULL_WAIT_MS } from "../harness/windows.ts";
import { cachedUrlsIn } from "./enginePages.ts";

/** The stored URLs, each withoutFragment() as Chromium's tests read them. */
export async function storedIn(page: EnginePage): Promise<string[]> {
  return (await cachedUrlsIn(page)).map(withoutFragment);
}

/** Whether Cache Storage comes to hold `url` within the full window (or `timeout`): an observation, never a verdict. */
export function comesStored(page: EnginePage, url: string, timeout = FULL_WAIT_MS): Promise<boolean> {
  return expect
    .poll(async () => (await storedIn(page)).includes(url), { timeout })
    .toBe(true)
    .then(
      () => true,
      () => false,
    );
}

/** Posts `urls` in one `CACHE_URLS` message and resolves with the worker's reply; not checked when it never replies. */
export function postCacheUrlsIn(page: EnginePage, urls: readonly string[], facts: AppFacts): Promise<void> {
  return postCacheUrlsBy((message) => page.evaluate(postToWorkerInPage, workerPost(message)), urls, facts);
}

/**
 * Whether the worker stores `good`, posted with the pages a test is about, and once it has, that its
 * storing of them all is over (a fresh URL posted after them is stored: Cache Storage applies a
 * cache's writes in order). false: the worker stores no page posted to it, as the probe found (one
 * look then, no wait).
 */
export async function storesPostedPageIn(page: EnginePage, origin: string, good: string, facts: AppFacts): Promise<boolean> {
  const url = `${origin}${good}`;
  const stored = facts.cacheUrls?.value !== "replies, stores nothing" ? await comesStored(page, url) : (await storedIn(page)).includes(url);
  if (stored)
    await precondition("the worker's storing of the posted pages is over", async () => {
      const settle = settleUrl(origin, good);
      await page.evaluate(postWithoutReplyInPage, settleMessage(settle));
      expect(await comesStored(page, settle, CONTROL_TIMEOUT_MS), `${settle} stored`).toBe(true);
    });
  return stored;
}
