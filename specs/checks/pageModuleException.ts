/**
 * ERR-5's stimulus on an app that hydrates server-rendered pages from route modules: the home page's
 * own module is served with its component replaced by one that throws (throwingExport.ts), so the
 * page component throws as the framework renders it, as a bug in the page's code does. The document is
 * read once, as it reaches the page, for the module that is the page's: a SvelteKit node
 * (svelteKitPageException.ts) or a Nuxt route chunk (nuxtPageException.ts).
 */
import type { Page } from "@playwright/test";
import { nuxtPageModule } from "./nuxtPageException.ts";
import { svelteKitPageModule } from "./svelteKitPageException.ts";
import { withThrowingExport } from "./throwingExport.ts";

/** The page module the stimulus changed: its stack and path. */
export interface ChangedPageModule {
  readonly stack: "SvelteKit" | "Nuxt";
  readonly path: string;
}

/**
 * Makes the page component of the next document `page` loads from `url` throw `message` as it
 * renders, on a SvelteKit or Nuxt app; resolves to a function that tells the module it changed, once
 * it has (null on any other app, whose requests pass as they are).
 */
export async function throwInPageModule(page: Page, url: string, message: string): Promise<() => ChangedPageModule | null> {
  let target: { readonly stack: ChangedPageModule["stack"]; readonly exportName: string; readonly is: (url: URL) => boolean } | null = null;
  let changed: ChangedPageModule | null = null;
  await page.route(
    (candidate) => candidate.href === url,
    async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const svelteKit = svelteKitPageModule(html);
      const nuxt = svelteKit === null ? await nuxtPageModule(page, html, url) : null;
      if (svelteKit !== null) target = { stack: "SvelteKit", exportName: "component", is: svelteKit };
      else if (nuxt !== null) target = { stack: "Nuxt", exportName: "default", is: nuxt };
      await route.fulfill({ response });
    },
    { times: 1 },
  );
  await page.route(
    (candidate) => target?.is(candidate) ?? false,
    async (route) => {
      const response = await route.fetch();
      const module = target;
      const edited = module === null ? null : withThrowingExport(await response.text(), module.exportName, message);
      if (module === null || edited === null) return route.fulfill({ response });
      changed = { stack: module.stack, path: new URL(route.request().url()).pathname };
      return route.fulfill({ response, body: edited });
    },
  );
  return () => changed;
}
