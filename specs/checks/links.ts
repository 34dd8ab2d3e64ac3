/** Links back to the app's home: what a fallback or offline page offers a person who is stuck. */
import type { Page } from "@playwright/test";
import type { Profile } from "../../cli/profile/profileSchema.ts";

/** The app's home, as links to it are written: the home path, or the base path with or without '/'. */
export function isHomeLink(href: string, profile: Profile, origin: string | undefined): boolean {
  const path = new URL(href, `${origin}/`).pathname;
  return [profile.home, profile.basePath, `${profile.basePath}/`.replace("//", "/")].includes(path);
}

/** The hrefs on the page that lead to the app's home. */
export async function linksHome(page: Page, profile: Profile, origin: string | undefined): Promise<string[]> {
  const hrefs = await page.locator("a[href]").evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
  return hrefs.filter((href) => isHomeLink(href, profile, origin));
}
