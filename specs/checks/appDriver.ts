/** Drives an app the way its profile says: where its pages are and how to navigate client-side. */
import type { Locator, Page } from "@playwright/test";
import type { Profile } from "../../cli/profile/profileSchema.ts";
import { notChecked, precondition, stimulus } from "../harness/applicability.ts";
import { expect } from "../harness/expect.ts";
import { routerPush } from "./routerPush.ts";

/**
 * How long a client-side navigation gets to change the URL and render: a router's data fetch on a
 * busy 2-core machine; the same as Playwright's default expect timeout.
 */
const STIMULUS_TIMEOUT_MS = 5_000;

export type ProfilePage = Profile["pages"][number];
/** `count` pages, as a tuple: a test destructures the pages it asked for. */
type Pages<N extends number, Acc extends ProfilePage[] = []> = Acc["length"] extends N ? Acc : Pages<N, [...Acc, ProfilePage]>;

export interface AppDriver {
  readonly profile: Profile;
  /**
   * The profile's n-th page (0-based), for a test that needs that page's role (the first two:
   * reached client-side from home by the app's own navigation). Where the profile lists fewer
   * pages, the test is not checked, naming what to add.
   */
  readonly page: (index: number) => ProfilePage;
  /**
   * The profile's n-th page, or, where it lists fewer, another listed page the test does not use
   * (`used`), for a test that only needs one more page its browser has not visited (the third
   * page's role); not checked, naming what to add, when every listed page is in use.
   */
  readonly pageOrAnother: (index: number, ...used: ProfilePage[]) => ProfilePage;
  /** The profile's first `count` pages, for a test that needs that many distinct pages; not checked, naming what to add, where it lists fewer. */
  readonly firstPages: <N extends 2 | 3>(count: N) => Pages<N>;
  /**
   * Navigates client-side to a profile page (its link, or `history.pushState` for pushState apps) and
   * confirms the navigation happened: the URL is the page's and, unless `renders` is false (the page's
   * data is made to fail, say), its heading shows. When it did not, the test is not checked.
   */
  readonly navigateClientSide: (page: Page, target: ProfilePage, options?: { renders?: boolean }) => Promise<void>;
  /**
   * The same navigation, for the probe, which must never end its test: resolves with why it did not
   * happen (its first line), or null when it did.
   */
  readonly tryNavigateClientSide: (page: Page, target: ProfilePage) => Promise<string | null>;
  /**
   * Only sets off the client-side navigation (the click, or the router's push) and confirms that
   * much happened: for a test whose verdict is what the app does with it (UPD-3: a navigation an
   * old page may not survive), where an unchanged URL is the app's failure, not a missed stimulus.
   */
  readonly startClientNavigation: (page: Page, target: ProfilePage) => Promise<void>;
  /** Resolves once the app has decided whether to register (reference hook, else after `load`). */
  readonly waitForRegistrationDecision: (page: Page) => Promise<void>;
  /**
   * Confirms a page loaded online shows the profile's page (its heading): a test that goes on to
   * judge what the worker does with it offline must first know the app serves it. When it does
   * not (an app shell that answers an unknown path with home, say), the test is not checked,
   * naming the profile's page.
   */
  readonly confirmShown: (page: Page, target: ProfilePage) => Promise<void>;
  /** Where a profile page shows what tells it apart: its `selector`, or the h1. */
  readonly heading: (page: Page, target: ProfilePage) => Locator;
  /** Where a profile text is looked for: its selector, or the whole page. */
  readonly textHolder: (page: Page, shown: { selector?: string | undefined }) => ReturnType<Page["locator"]>;
}

const LINKED = "reached client-side from home by the app's own link";
const ANY = "that the app serves";

/** Why a test that needs `needed` pages cannot run on a profile that lists fewer, and what to add. */
function fewerPages(profile: Profile, needed: number, what: string): string {
  const listed = profile.pages.length;
  return `this test needs ${needed} pages besides home and the profile lists ${listed}: add to the end of its pages another in-scope page ${what} (its path and heading; docs/profile.md#fewer-than-three-pages)`;
}

export function appDriver(profile: Profile): AppDriver {
  const heading = (page: Page, target: ProfilePage): Locator =>
    target.selector ? page.locator(target.selector).first() : page.getByRole("heading", { level: 1 });
  /** The click on the page's link or button, or the router's own push: what starts a client-side navigation. */
  const setOff = async (page: Page, target: ProfilePage): Promise<void> => {
    if (profile.navigate !== "pushState" && target.link) {
      await page.getByRole(profile.navigate, { name: target.link, exact: true }).first().click({ timeout: STIMULUS_TIMEOUT_MS });
    } else {
      await page.evaluate(routerPush, { path: target.path, basePath: profile.basePath });
    }
  };
  /** The navigation and its confirmation: the URL is the page's and, unless `renders` is false, its heading shows. */
  const navigate = async (page: Page, target: ProfilePage, renders: boolean): Promise<void> => {
    await setOff(page, target);
    await expect(page, "the page's URL after the navigation").toHaveURL((url) => url.pathname === target.path, { timeout: STIMULUS_TIMEOUT_MS });
    if (renders) await expect(heading(page, target), "what tells the page apart").toHaveText(target.heading, { timeout: STIMULUS_TIMEOUT_MS });
  };
  return {
    profile,
    page: (index) => profile.pages[index] ?? notChecked(fewerPages(profile, index + 1, index < 2 ? LINKED : ANY)),
    pageOrAnother: (index, ...used) => {
      const unused = profile.pages.filter((listed) => !used.includes(listed));
      const own = profile.pages[index];
      return own !== undefined && unused.includes(own) ? own : (unused[0] ?? notChecked(fewerPages(profile, used.length + 1, ANY)));
    },
    firstPages: <N extends 2 | 3>(count: N) =>
      profile.pages.length >= count ? (profile.pages.slice(0, count) as Pages<N>) : notChecked(fewerPages(profile, count, ANY)),
    navigateClientSide: (page, target, { renders = true } = {}) =>
      stimulus(`the client-side navigation to ${target.path}`, "pages and navigate", () => navigate(page, target, renders)),
    tryNavigateClientSide: (page, target) =>
      navigate(page, target, true).then(
        () => null,
        (error: unknown) => (error as Error).message.split("\n")[0] ?? String(error),
      ),
    startClientNavigation: (page, target) => stimulus(`the client-side navigation to ${target.path}`, "pages and navigate", () => setOff(page, target)),
    waitForRegistrationDecision: (page) =>
      precondition("the page finished loading", async () => {
        if (profile.reference) {
          await expect(page.locator(profile.reference.decidedSelector)).toBeVisible();
          return;
        }
        // Without a hook: `load` has fired and every load listener has run when Playwright reports it.
        await page.waitForLoadState("load");
      }),
    confirmShown: (page, target) =>
      stimulus(`${target.path} loaded online showing its heading "${target.heading}"`, "pages", () =>
        expect(heading(page, target), `what ${target.path} shows online`).toHaveText(target.heading, { timeout: STIMULUS_TIMEOUT_MS }),
      ),
    heading,
    textHolder: (page, shown) => page.locator(shown.selector ?? "body").first(),
  };
}
