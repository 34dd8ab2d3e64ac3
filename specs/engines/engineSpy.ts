/**
 * Chromium's spy (specs/checks/spy.ts) in another engine: the same script, run before the page's own
 * through the driver (BiDi's preload scripts in Firefox), records every message the page posts to a
 * worker, with `navigator.onLine` then, and every history change, in the tab's sessionStorage. NAV-1's
 * and NAV-2's recommended rules are read from it. WebKitWebDriver runs no script before the page's
 * own: there those tests are not checked, saying so.
 */
import type { EngineBrowser, EnginePage } from "../../kit/engines/engine.ts";
import { beforePage } from "../../kit/engines/engine.ts";
import { POSTS_NOTHING, postedUrls } from "../checks/posts.ts";
import { HISTORY_KEY, type HistoryChange, installSpy, POSTS_KEY, type PostRecord, recordsInPage, SPY_KEYS } from "../checks/spy.ts";
import { notChecked } from "../harness/applicability.ts";
import { expect } from "../harness/engineFixtures.ts";
import { FULL_WAIT_MS } from "../harness/windows.ts";
import { needsScriptBeforePage } from "./enginePages.ts";

/** Runs `body` on a page of a fresh private context with the spy, closing it after; not checked where the engine cannot run it. */
export async function withSpiedPage(engine: EngineBrowser, what: string, body: (page: EnginePage) => Promise<void>): Promise<void> {
  needsScriptBeforePage(engine, what);
  const page = await engine.newPage({ beforePage: [beforePage(installSpy, SPY_KEYS)] });
  try {
    await body(page);
  } finally {
    await page.close();
  }
}

const postRecordsIn = async (page: EnginePage) => (await page.evaluate(recordsInPage, POSTS_KEY)) as PostRecord[];

/** Every message the page posted to a worker, oldest first (kept across the tab's reloads). */
export const postsIn = async (page: EnginePage) => (await postRecordsIn(page)).map((post) => post.message);

/** The messages posted while `navigator.onLine` was false. */
export const postsWhileOfflineIn = async (page: EnginePage) => (await postRecordsIn(page)).filter((post) => !post.onLine).map((post) => post.message);

/** Every `pushState`/`replaceState`, the app's own included, oldest first. */
export const historyChangesIn = async (page: EnginePage) => (await page.evaluate(recordsInPage, HISTORY_KEY)) as HistoryChange[];

/** Whether the app comes to post `url` as CACHE_URLS within the full window: an observation, never a verdict. */
export function comesPosted(page: EnginePage, url: string, origin: string): Promise<boolean> {
  return expect
    .poll(async () => postedUrls(await postsIn(page), origin).includes(url), { timeout: FULL_WAIT_MS })
    .toBe(true)
    .then(
      () => true,
      () => false,
    );
}

/** Waits until the app has posted `url` as CACHE_URLS (a sentinel: messages arrive in order), or ends the test as not checked. */
export async function postedSentinelIn(page: EnginePage, url: string, origin: string): Promise<void> {
  if (!(await comesPosted(page, url, origin))) notChecked(POSTS_NOTHING);
}
