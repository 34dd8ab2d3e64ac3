/**
 * NAV-3's stimulus on any worker: navigations posted as Workbox's `CACHE_URLS` message, with a reply
 * port so the test knows the worker is done with them. Some workers answer no such message (Angular's
 * ngsw has no such protocol): what they do with a posted navigation cannot be seen, so not checked.
 * Some answer and store nothing (Workbox's default router with only a precache and a
 * `NavigationRoute`): they store no posted page, good or bad. The probe found which (kit/appFacts.ts).
 */
import { type Page, test } from "@playwright/test";
import type { Profile } from "../../cli/profile/profileSchema.ts";
import type { AppFacts } from "../../kit/appFacts.ts";
import { WAIT_PREFIX } from "../../kit/outcomes.ts";
import type { JournalEntry } from "../../mock-server/journal/journal.ts";
import { needs, notChecked, precondition } from "../harness/applicability.ts";
import { expect } from "../harness/expect.ts";
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

/**
 * NAV-3's "asks the network for the HTML representation", in any engine: the worker's requests for
 * `path` (the journal sees them) must not ask for JSON. `stored`: whether the app stored the page of
 * its own navigation. Not checked when there is no request of the worker's to judge.
 */
export async function expectWorkerAskedForHtml(journal: () => Promise<readonly JournalEntry[]>, path: string, stored: boolean): Promise<void> {
  const fetchedByWorker = async () => (await journal()).filter((e) => e.url === path && e.fromWorker === true);
  // An app that does not store the page asks nothing for it, or asked already: no wait for a request
  // that will not come. A request it did make is still judged.
  if (!stored && (await fetchedByWorker()).length === 0)
    notChecked(
      "the app did not store the page of its own navigation (NAV-1's required rule) and its worker asked nothing for it, so there is no request to judge",
    );
  try {
    await expect.poll(async () => (await fetchedByWorker()).length).toBeGreaterThan(0);
  } catch {
    // Serwist's webpack plugin fetches through a Web Worker of the page's own, whose requests the
    // journal cannot tell from the page's: what the storing asked for is then not seen.
    notChecked(
      "no request of the service worker for the page was seen after the navigation (the app stores it some other way), so what it asked for cannot be judged",
    );
  }
  for (const request of await fetchedByWorker()) expect(request.accept, "the worker's Accept header").not.toMatch(/^application\/json/);
}

/** Same-origin paths outside the app's scope (NAV-3), or not applicable for an app at the root. */
export const outsidePaths = (profile: Profile) =>
  needs(
    profile.basePath === "/" ? undefined : [`${profile.basePath}-outside/x`, profile.basePath],
    "same-origin path outside its scope (its base path is the root)",
  );

/** The worker's requests, among `entries`, for any of `outside`: what NAV-3 forbids. */
export const outsideFetches = (entries: readonly JournalEntry[], outside: readonly string[]) =>
  entries.filter((e) => e.fromWorker === true && outside.includes(e.url.split("?")[0] ?? "")).map((e) => `${e.method} ${e.url}`);

/** What expectPostedButNotStored() needs of a page, in any engine's terms. */
export interface PostedPagesPage {
  /** Posts `urls` in one `CACHE_URLS` message and resolves with the worker's reply (postCacheUrls()). */
  readonly post: (urls: readonly string[]) => Promise<void>;
  /** storesPostedPage() of `good`, posted with them. */
  readonly storesPosted: (good: string) => Promise<boolean>;
  /** Whether `url` shows up in Cache Storage within the write grace. */
  readonly storedWithinGrace: (url: string) => Promise<boolean>;
  /** The URLs in Cache Storage now. */
  readonly storedUrls: () => Promise<string[]>;
}

/**
 * Posts `paths` and a `good` page in one `CACHE_URLS` message and expects none of `paths` stored. The
 * good page proves storing works meanwhile; a worker that stores no posted page at all stores no bad
 * one either, and is judged on that. `answered` checks, once the worker has asked, that it got what
 * the test is about. The bad pages share one grace for a write still under way. NAV-3's recommended
 * tests, in Chromium and in the engines.
 */
export async function expectPostedButNotStored(
  page: PostedPagesPage,
  origin: string | undefined,
  paths: readonly string[],
  good: string,
  answered?: () => Promise<void>,
): Promise<void> {
  const urls = paths.map((path) => `${origin}${path}`);
  await page.post([...urls, `${origin}${good}`]);
  if (await page.storesPosted(good)) {
    await answered?.();
    const stored = await Promise.all(urls.map((url) => page.storedWithinGrace(url)));
    expect(
      paths.filter((_, index) => stored[index]),
      "posted pages stored in Cache Storage",
    ).toEqual([]);
  } else {
    // The worker has replied, and stores no posted page: no write of its own is under way to wait for.
    const cached = await page.storedUrls();
    expect(
      paths.filter((path) => cached.includes(`${origin}${path}`)),
      "posted pages in Cache Storage once the worker replied to the CACHE_URLS",
    ).toEqual([]);
  }
}
