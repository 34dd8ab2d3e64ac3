/**
 * The probe's second part: what the app and its worker do with a navigation, each watched for the
 * full window a test would give it, side by side in three tabs of one controlled context: the app's
 * own client-side navigation (is its page stored? is it posted as `CACHE_URLS`?), another script's
 * `replaceState` (is its page stored?), and a `CACHE_URLS` message posted with a reply port (does
 * the worker reply, and store the page?). Distinct URLs, so no tab sees another's page.
 */
import type { BrowserContext, Page } from "@playwright/test";
import type { Fact, NavigationFacts, Timed } from "../../../kit/appFacts.ts";
import { readAcrossNavigations } from "../../../kit/waitInPage.ts";
import { bringUnderControl, CONTROL_TIMEOUT_MS, waitForWorker } from "../../../kit/workerControl.ts";
import type { AppDriver } from "../../checks/appDriver.ts";
import { cachedUrls, NO_REPLY, postToWorker, storedWithinGrace } from "../../checks/browserState.ts";
import { postedUrls } from "../../checks/posts.ts";
import type { Spy } from "../../checks/spy.ts";
import { FULL_WAIT_MS } from "../windows.ts";
import { learnedOrNoted } from "./learnedOrNoted.ts";
import { timeUntil } from "./timeUntil.ts";

/** A second tab of the controlled context, at home and controlled (the worker is active: no install, no reload). */
async function controlledTab(context: BrowserContext, home: string): Promise<Page> {
  const tab = await context.newPage();
  await tab.goto(home);
  await waitForWorker(tab, "controlled", CONTROL_TIMEOUT_MS);
  return tab;
}

async function ownNavigation(
  page: Page,
  app: AppDriver,
  spy: Spy,
  origin: string,
): Promise<Pick<NavigationFacts, "ownNavigationStored" | "postsOwnNavigation">> {
  const target = app.page(0);
  const url = `${origin}${target.path}`;
  const failed = await app.tryNavigateClientSide(page, target);
  if (failed !== null) return {};
  const how = `navigated client-side from ${app.profile.home} to ${target.path} as the app does, and watched for ${FULL_WAIT_MS} ms`;
  const [stored, posted] = await Promise.all([
    timeUntil(page, `Cache Storage holds ${target.path} after the app's own navigation`, async () => (await cachedUrls(page)).includes(url)),
    timeUntil(page, `the app posts ${target.path} as CACHE_URLS`, async () => postedUrls(await spy.posts(page), origin).includes(url)),
  ]);
  return { ownNavigationStored: { value: stored, how }, postsOwnNavigation: { value: posted, how } };
}

/**
 * Another script's replaceState, once the app listens: first the app's own client-side navigation,
 * given the full window to be posted (only an app's patched history posts it, so a click that landed
 * before hydration as a full load is not taken for readiness; an app that posts nothing is watched as
 * it is). Without it, a change made before a framework hydrated (Serwist's provider patches history in
 * a React effect) would be learned as "not stored", a fact about the run, not the app.
 */
async function scriptChange(tab: Page, app: AppDriver, spy: Spy, origin: string): Promise<Fact<Timed>> {
  const ready = app.pageOrAnother(1);
  const readyUrl = `${origin}${ready.path}`;
  const failed = await app.tryNavigateClientSide(tab, ready);
  const posted =
    failed === null
      ? await timeUntil(tab, `the app posts ${ready.path} as CACHE_URLS`, async () => postedUrls(await spy.posts(tab), origin).includes(readyUrl))
      : undefined;
  const first =
    failed !== null
      ? `without the app's own navigation to ${ready.path} first, which did not happen: ${failed}`
      : posted?.afterMs === null
        ? `after the app's own navigation to ${ready.path}, which posted no CACHE_URLS within ${FULL_WAIT_MS} ms`
        : `after the app's own navigation to ${ready.path} and its CACHE_URLS post`;
  const path = `${app.pageOrAnother(2).path}?pck-probe=script`;
  await readAcrossNavigations(tab, () => tab.evaluate((url) => history.replaceState(null, "", `${url}#part`), path));
  return {
    value: await timeUntil(tab, `Cache Storage holds ${path} after another script's replaceState`, async () =>
      (await cachedUrls(tab)).includes(`${origin}${path}`),
    ),
    how: `called history.replaceState(null, "", "${path}#part") from a script of the test (${first}), and watched Cache Storage for ${FULL_WAIT_MS} ms`,
  };
}

async function postedMessage(tab: Page, app: AppDriver, origin: string): Promise<NonNullable<NavigationFacts["cacheUrls"]>> {
  // Any listed page: the query keeps its URL apart from the other tabs' (the probe never ends its test, and the schema lists one page at least).
  const path = `${app.pageOrAnother(1).path}?pck-probe=posted`;
  const url = `${origin}${path}`;
  const how = `posted { type: "CACHE_URLS", payload: { urlsToCache: [<origin>${path}] } } to the controlling worker with a reply port, and gave it ${FULL_WAIT_MS} ms to reply`;
  try {
    await readAcrossNavigations(tab, () => postToWorker(tab, { type: "CACHE_URLS", payload: { urlsToCache: [url] } }, FULL_WAIT_MS));
  } catch (error) {
    if (!(error as Error).message.includes(NO_REPLY)) throw error;
    return { value: "no reply", how };
  }
  return { value: (await readAcrossNavigations(tab, () => storedWithinGrace(tab, url))) ? "stores the page" : "replies, stores nothing", how };
}

export async function learnNavigation(page: Page, app: AppDriver, spy: Spy, origin: string): Promise<NavigationFacts> {
  const { home } = app.profile;
  await page.goto(home);
  // Whether and how the worker takes control is the other part's to learn and report.
  const controlled = await bringUnderControl(page, CONTROL_TIMEOUT_MS).then(
    () => true,
    () => false,
  );
  if (!controlled) return {};
  const [own, script, posted] = await Promise.all([
    learnedOrNoted("what the app does with its own navigation", () => ownNavigation(page, app, spy, origin)),
    learnedOrNoted("what the worker does with another script's history change", async () =>
      scriptChange(await controlledTab(page.context(), home), app, spy, origin),
    ),
    learnedOrNoted("what the worker does with a posted CACHE_URLS", async () => postedMessage(await controlledTab(page.context(), home), app, origin)),
  ]);
  return { ...own, ...(script ? { scriptChangeStored: script } : {}), ...(posted ? { cacheUrls: posted } : {}) };
}
