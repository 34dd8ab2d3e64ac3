/**
 * Opens --target and reads what the home page says of the app: the worker registration that covers
 * it (script and scope), the app's name, its in-scope links and its scripts.
 */
import type { Page } from "@playwright/test";
import { initError } from "../initErrors.ts";
import { manifestName } from "./manifestName.ts";
import { linkedManifest, scriptUrls, waitForControl } from "./pageReads.ts";
import { CONTROL_TIMEOUT_MS } from "./timeouts.ts";

/** Links the home page offers: the pages init visits, a few more than the profile keeps, bounded. */
const MAX_LINKS = 6;

export interface HomeLink {
  readonly path: string;
  readonly name: string | null;
}

export interface Home {
  readonly home: string;
  readonly worker: { readonly script: string; readonly scope: string };
  readonly name: string | null;
  readonly links: readonly HomeLink[];
  readonly scripts: readonly string[];
  readonly controlled: boolean;
  readonly referenceHooks: boolean;
}

/** Whether `path` (a pathname) lies in `scope` (which ends with '/'), the scope's own path without '/' included. */
export function inScope(path: string, scope: string): boolean {
  return path.startsWith(scope) || `${path}/` === scope;
}

async function activeRegistration(page: Page): Promise<{ scope: string; scriptURL: string } | null> {
  return page.evaluate(async (timeoutMs) => {
    if (!("serviceWorker" in navigator)) return null;
    const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs));
    const registration = await Promise.race([navigator.serviceWorker.ready, timeout]);
    const scriptURL = registration?.active?.scriptURL;
    return registration && scriptURL ? { scope: registration.scope, scriptURL } : null;
  }, CONTROL_TIMEOUT_MS);
}

async function appName(page: Page): Promise<string | null> {
  const manifest = await linkedManifest(page);
  // No readable manifest: the title will do.
  const name = manifest === null ? null : await manifestName(manifest);
  if (name !== null) return name;
  const title = (await page.title()).trim();
  return title === "" ? null : title;
}

/** The page's links in document order, each with its accessible name. */
async function pageLinks(page: Page): Promise<{ href: string; name: string }[]> {
  return page.locator("a[href]").evaluateAll((links) =>
    links.map((link) => ({
      href: (link as HTMLAnchorElement).href,
      name: (link.getAttribute("aria-label") ?? link.textContent ?? "").replace(/\s+/g, " ").trim(),
    })),
  );
}

/** The name, if clicking the first link with that exact accessible name (as the suite does) reaches `href`. */
async function clickableName(page: Page, href: string, name: string): Promise<string | null> {
  if (name === "") return null;
  try {
    const first = page.getByRole("link", { name, exact: true }).first();
    return (await first.evaluate((link) => (link as HTMLAnchorElement).href)) === href ? name : null;
  } catch {
    return null;
  }
}

/**
 * The in-scope links of the page `page` shows, in document order and at most MAX_LINKS, leaving out
 * `known` pathnames and the scope's own path. `named`: each with the accessible name the suite
 * would click it by on this page (the home page); otherwise without one (null).
 */
export async function scopeLinks(page: Page, scope: string, known: readonly string[], named: boolean): Promise<HomeLink[]> {
  const origin = new URL(page.url()).origin;
  const links: HomeLink[] = [];
  for (const { href, name } of await pageLinks(page)) {
    const url = new URL(href);
    const path = `${url.pathname}${url.search}`;
    if (url.origin !== origin || !inScope(url.pathname, scope) || known.includes(url.pathname) || `${url.pathname}/` === scope) continue;
    if (links.some((link) => link.path === path)) continue;
    links.push({ path, name: named ? await clickableName(page, href, name) : null });
    if (links.length === MAX_LINKS) break;
  }
  return links;
}

/** `referenceSelector`: an element only the kit's own reference shell renders (null: look for none). */
export async function openHome(page: Page, target: URL, referenceSelector: string | null): Promise<Home> {
  try {
    await page.goto(target.href);
  } catch (error) {
    throw initError("load", target.href, (error as Error).message.split("\n")[0] ?? String(error));
  }
  const registration = await activeRegistration(page);
  if (registration === null) throw initError("noWorker", page.url(), CONTROL_TIMEOUT_MS);
  const scope = new URL(registration.scope).pathname;
  const script = new URL(registration.scriptURL).pathname;
  const landed = new URL(page.url());
  if (!inScope(landed.pathname, scope)) throw initError("outOfScope", landed.href, registration.scope);
  const home = `${landed.pathname}${landed.search}`;
  // A worker without clients.claim() controls the page from its next load on: waitForControl reloads once.
  const controlled = await waitForControl(page);

  const links = await scopeLinks(page, scope, [landed.pathname], true);
  const referenceHooks = referenceSelector !== null && (await page.locator(referenceSelector).count()) > 0;
  return { home, worker: { script, scope }, name: await appName(page), links, scripts: await scriptUrls(page), controlled, referenceHooks };
}
