/**
 * What the engine specs do with a page in any engine, through kit/engines' interface: bring it under
 * the app's worker, land on a URL and say what came (as specs/checks/navigation.ts does for
 * Chromium), and read Cache Storage and the page's text. Everything is read in the page, the one
 * view every engine's driver gives: its navigation entry, its controller, its document.
 */
import type { Profile } from "../../cli/profile/profileSchema.ts";
import type { AppFacts } from "../../kit/appFacts.ts";
import type { EngineBrowser, EnginePage, InPage } from "../../kit/engines/engine.ts";
import { DRIVER_CANNOT_ANNOTATION } from "../../kit/engines/engineNames.ts";
import { SUITE_NOTE } from "../../kit/outcomes.ts";
import type { ProfilePage } from "../checks/appDriver.ts";
import { routerPush } from "../checks/routerPush.ts";
import { notChecked, precondition, stimulus } from "../harness/applicability.ts";
import { controlTimeout, RELOADED_NOTE, refuseWithoutControl } from "../harness/control.ts";
import { expect, test } from "../harness/engineFixtures.ts";

/**
 * Opens `url` and resolves once an activated worker controls the page, reloading once (and saying so,
 * as the Chromium specs do) when the worker is active but did not claim it. Inside a precondition:
 * control is REG-2's subject.
 */
export function engineControl(page: EnginePage, url: string, facts: AppFacts): Promise<void> {
  return precondition(`a service worker controls ${new URL(url).pathname} (REG-2)`, async () => {
    refuseWithoutControl(facts);
    const timeout = controlTimeout(facts);
    await page.goto(url);
    const state = () =>
      page.evaluate(async () => {
        if (navigator.serviceWorker.controller) return "controlled";
        return (await navigator.serviceWorker.getRegistration())?.active ? "active" : "waiting";
      }, null);
    await expect.poll(state, { message: "an active worker for the page", timeout }).not.toBe("waiting");
    if ((await state()) === "active") {
      await page.reload();
      test.info().annotations.push({ type: SUITE_NOTE, description: RELOADED_NOTE });
    }
    await expect.poll(state, { message: "the worker controls the page", timeout }).toBe("controlled");
  });
}

export interface EngineLanding {
  /** The driver's navigation error, or the browser's error page; null when a document of the app's came. */
  readonly error: string | null;
  /** The document's HTTP status; null where the engine does not give it (WebKitGTK has no `responseStatus`). */
  readonly status: number | null;
  /**
   * A worker controls the document that came. With the mock server refusing every request (offline),
   * that document is the worker's answer: the engine specs' "from the service worker". The navigation
   * entry's `workerStart` cannot tell: Firefox and WebKit were seen to give 0 for a worker's answer.
   */
  readonly controlled: boolean;
  readonly contentType: string | null;
  /** A sentence for assertion messages: what the browser got. */
  readonly summary: string;
}

/**
 * What the loaded document says of its own navigation; null on a browser's error page: WebKit's has
 * no navigation entry, Firefox's keeps the app's URL and an entry but is an `about:neterror` document.
 */
function ownNavigation(): { status: number | null; controlled: boolean; contentType: string } | null {
  const entry = performance.getEntriesByType("navigation")[0] as (PerformanceNavigationTiming & { responseStatus?: number }) | undefined;
  if (!entry || document.documentURI.startsWith("about:")) return null;
  return {
    status: typeof entry.responseStatus === "number" && entry.responseStatus > 0 ? entry.responseStatus : null,
    controlled: navigator.serviceWorker?.controller != null,
    contentType: document.contentType,
  };
}

/**
 * Navigates to `url` (or reloads) and says what came, an error included: offline, an app without an
 * offline page lands on the browser's error page, which Firefox's driver reports as an error
 * (NS_ERROR_CONNECTION_REFUSED) and WebKit's loads as a page of its own.
 */
export async function landOn(page: EnginePage, url: string | "reload"): Promise<EngineLanding> {
  try {
    if (url === "reload") await page.reload();
    else await page.goto(url);
  } catch (error) {
    const message = (error as Error).message.split("\n")[0] ?? String(error);
    return { error: message, status: null, controlled: false, contentType: null, summary: `no response: ${message}` };
  }
  const seen = await page.evaluate(ownNavigation, null);
  if (seen === null) {
    // biome-ignore lint/performance/useDomNodeTextContent: what the error page shows a person.
    const text = await page.evaluate(() => document.body?.innerText.trim().slice(0, 120) ?? "", null);
    const error = `the browser's error page ("${text}")`;
    return { error, status: null, controlled: false, contentType: null, summary: `no response: ${error}` };
  }
  const from = seen.controlled ? "in a page the worker controls" : "in a page no worker controls";
  return {
    error: null,
    status: seen.status,
    controlled: seen.controlled,
    contentType: seen.contentType,
    summary: `${seen.status === null ? "a document" : `status ${seen.status}`} ${from}`,
  };
}

/** The URLs of every Cache Storage entry of the page's origin. */
export const cachedUrlsIn = (page: EnginePage) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls;
  }, null);

/** The HTML entries of Cache Storage whose text holds `text`: what a worker stored, by URL. */
export const cachedHtmlWith = (page: EnginePage, text: string) =>
  page.evaluate(async (wanted) => {
    const found: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        if (response?.headers.get("content-type")?.includes("text/html") && (await response.text()).includes(wanted)) found.push(request.url);
      }
    }
    return found;
  }, text);

/** What a person reads in the element `selector` names (the whole page by default), as Playwright's innerText. */
export const shownText = (page: EnginePage, selector = "body") =>
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, what a person sees, as Playwright's innerText.
  page.evaluate((css) => (document.querySelector(css) as HTMLElement | null)?.innerText ?? "", selector);

/** The page's heading, as the Chromium specs read it: the profile's selector, else the first level-1 heading. */
export const headingOf = (page: EnginePage, target: { readonly selector?: string | undefined }) =>
  page.evaluate(
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered heading, as Playwright's toHaveText reads it.
    (css) => (document.querySelector(css) as HTMLElement | null)?.innerText.trim() ?? null,
    target.selector ?? 'h1, [role="heading"][aria-level="1"]',
  );

/**
 * Visits `path` online and resolves once the worker holds it, as the probe learned it does: an app
 * shell answers every in-scope page from what it stored at install; a page cache stores the page
 * under its URL a moment after it shows. Inside a precondition: NAV-1's and NAV-3's subject.
 */
export function visitHeldIn(page: EnginePage, origin: string, path: string, facts: AppFacts): Promise<void> {
  return precondition(`the worker holds ${path} after an online visit (NAV-1, NAV-3)`, async () => {
    await page.goto(`${origin}${path}`);
    const design = facts.design?.value;
    if (design === "app shell") return;
    if (design !== "page cache") throw new Error(`the kit's probe saw no page stored (${facts.design?.how ?? "no probe"})`);
    await expect.poll(() => cachedUrlsIn(page), { message: `Cache Storage holds ${path} after the visit` }).toContain(`${origin}${path}`);
  });
}

/**
 * Whether the engine gives a navigation's HTTP status (Chromium and Firefox do, through the document's
 * `responseStatus`; WebKitGTK 2.50 has none, and classic WebDriver reports no status). Where it does
 * not, the test says which reading it left out, in the report's "How the suite ran".
 */
export function statusReadable(engine: EngineBrowser, what: string): boolean {
  if (engine.capabilities.navigationStatus) return true;
  test.info().annotations.push({ type: SUITE_NOTE, description: `${engine.engine}: ${what} was not read (${NO_STATUS})` });
  return false;
}

/**
 * Ends the test as not checked where the engine's driver runs no script before the page's own, which
 * `what` needs: WebKitWebDriver's classic WebDriver has no such command (BiDi's preload scripts would
 * do it, and it refuses BiDi).
 */
export function needsScriptBeforePage(engine: Pick<EngineBrowser, "engine" | "capabilities">, what: string): void {
  if (engine.capabilities.scriptBeforePage) return;
  const why = `${engine.engine}: ${what} needs a script that runs before the page's own, which ${engine.engine === "webkit" ? "WebKitWebDriver (classic WebDriver; it refuses BiDi, whose preload scripts would do it)" : "its driver"} cannot run`;
  test.info().annotations.push({ type: DRIVER_CANNOT_ANNOTATION, description: why });
  notChecked(why);
}

/** How long a reading of a page that may be reloading itself gets before it counts as none. */
export const READING_LIMIT_MS = 3_000;

/**
 * `page.evaluate(fn, arg)` for a poll of a page that may be reloading itself: rejected after
 * READING_LIMIT_MS. Seen in Firefox: puppeteer's BiDi evaluate sent while the app reloaded the tab
 * never settled, and a poll whose every reading waited on it read nothing for its whole window.
 */
export function readPage<A, R>(page: EnginePage, fn: InPage<A, R>, arg: A): Promise<R> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the page gave no answer within ${READING_LIMIT_MS} ms (a navigation under way)`)), READING_LIMIT_MS);
  });
  return Promise.race([page.evaluate(fn, arg), limit]).finally(() => clearTimeout(timer));
}

/** Why an engine without navigationStatus cannot judge a status. */
export const NO_STATUS = "the engine gives no navigation's HTTP status: no PerformanceNavigationTiming.responseStatus, and its driver reports none";

/** How long a client-side navigation gets to change the URL, as the Chromium specs give it. */
const CLIENT_NAVIGATION_TIMEOUT_MS = 5_000;

/** Whether the page shows a link or button a person reads `name` on; with `click`, clicks it too. */
function namedInPage(page: EnginePage, role: "link" | "button", name: string, click: boolean): Promise<boolean> {
  return page.evaluate(
    ({ selector, name, click }) => {
      // biome-ignore lint/performance/useDomNodeTextContent: the name a person reads on it, as the accessible name Chromium's specs click by.
      const found = [...document.querySelectorAll<HTMLElement>(selector)].find((element) => element.innerText.trim() === name);
      if (click) found?.click();
      return found !== undefined;
    },
    { selector: role === "link" ? "a[href]" : 'button, [role="button"]', name, click },
  );
}

/** Clicks the link or button a person reads `name` on, as Chromium's specs click by accessible name; throws when there is none. */
export async function clickNamed(page: EnginePage, role: "link" | "button", name: string): Promise<void> {
  if (!(await namedInPage(page, role, name, true))) throw new Error(`no ${role} named "${name}"`);
}

/** Whether the page holds a link or button a person reads `name` on. */
export const showsNamed = (page: EnginePage, role: "link" | "button", name: string) => namedInPage(page, role, name, false);

/**
 * In the page: the text field a person reads `label` on, as Chromium's specs find a textbox by its
 * accessible name (a `<label>`, `aria-label` or `aria-labelledby`); with `type`, first types into it
 * as a person's typing reaches a framework (the value set through the element's own setter, then
 * `input`) and, with `leave`, moves the focus away. Null when there is no such field. One function,
 * as a driver sends it whole (no eval in the page, which an app's CSP may forbid).
 */
function fieldInPage({ label, type }: { label: string; type?: { text: string; leave: boolean } }): { value: string; focused: boolean } | null {
  // biome-ignore lint/performance/useDomNodeTextContent: the name a person reads, as the accessible name.
  const named = (element: Element | null) => (element as HTMLElement | null)?.innerText.trim() === label;
  const fields = [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("textarea, input:not([type]), input[type=text], input[type=search]")];
  const field = fields.find(
    (one) =>
      [...(one.labels ?? [])].some(named) ||
      one.getAttribute("aria-label")?.trim() === label ||
      (one.getAttribute("aria-labelledby") ?? "").split(/\s+/).some((id) => id !== "" && named(document.getElementById(id))),
  );
  if (!field) return null;
  if (type) {
    field.focus();
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, type.text);
    field.dispatchEvent(new Event("input", { bubbles: true }));
    if (type.leave) field.blur();
  }
  return { value: field.value, focused: document.activeElement === field };
}

/** Types `text` into the field named `label` (fieldInPage), with `leave` moving the focus away after; throws when there is none. */
export async function typeInto(page: EnginePage, label: string, text: string, leave = false): Promise<{ focused: boolean }> {
  const field = await page.evaluate(fieldInPage, { label, type: { text, leave } });
  if (!field) throw new Error(`no text field named "${label}"`);
  return field;
}

/** The value of the field named `label`, or null when there is none. */
export const fieldValue = async (page: EnginePage, label: string) => (await page.evaluate(fieldInPage, { label }))?.value ?? null;

/**
 * Sets off a client-side navigation to `target` in the page as a person does (the profile's
 * `navigate`: a click on the link or button named `target.link`), or as the app's router does
 * (`pushState`: Next.js's own router where there is one, else a history change and a popstate).
 * Inside a stimulus: a link that is not there is not checked, naming the profile's fields. Whether
 * the navigation arrives is the test's to judge (UPD-3's dies on a deleted chunk). The same roads as
 * specs/checks/appDriver.ts takes in Chromium, in the page.
 */
export function startClientNavigation(page: EnginePage, profile: Profile, target: ProfilePage): Promise<void> {
  return stimulus(`the client-side navigation to ${target.path}`, "pages and navigate", async () => {
    if (profile.navigate !== "pushState" && target.link) await clickNamed(page, profile.navigate, target.link);
    else await page.evaluate(routerPush, { path: target.path, basePath: profile.basePath });
  });
}

/** startClientNavigation(), then the URL: a navigation that never arrives is a stimulus that did not happen (not checked). */
export async function clientNavigate(page: EnginePage, profile: Profile, target: ProfilePage): Promise<void> {
  await startClientNavigation(page, profile, target);
  await stimulus(`the client-side navigation to ${target.path}`, "pages and navigate", () =>
    expect
      .poll(() => page.evaluate(() => location.pathname, null), { message: "the page's URL after the navigation", timeout: CLIENT_NAVIGATION_TIMEOUT_MS })
      .toBe(target.path),
  );
}
