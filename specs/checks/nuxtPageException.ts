/**
 * ERR-5's stimulus on a Nuxt app: its page component throws as Vue renders it, as a bug in the page's
 * own code does. Nuxt renders the page on the server and hydrates it, so the page creates no heading
 * element (renderException.ts's hold), and Vue's production build announces nothing to a global hook.
 * The document names Nuxt's entry chunk (the import map's `#entry`) and preloads the route's chunks
 * (`<link rel="modulepreload">`); the entry holds the route table, where each route's component is a
 * lazy import (`{name:"index",path:"/",component:()=>…import("./DkdPFxBb.js")…}`). The home route's
 * chunk, when the document preloads it, is served with its default export replaced by a copy whose
 * `setup` throws (throwingExport.ts): Vue runs it as it hydrates the page, and Nuxt's own error path
 * runs (its client entry's `vueApp.config.errorHandler` puts the error in `payload.error`, and the
 * app shows its error page: watched by hand on Nuxt 4.5 apps with @vite-pwa/nuxt, one written from the
 * docs and the module's playground, whose pages/index.vue threw in its setup — Nuxt's "500 Internal
 * Server Error" page, the nav gone, no `pageerror`).
 * pageModuleException.ts serves it.
 */
import type { Page } from "@playwright/test";

/** Nuxt's client configuration in the document (`window.__NUXT__.config=…`, or inside Nuxt 3's payload function), with the app's base URL. */
const BASE_URL = /window\.__NUXT__[^<]*?\bapp:\{[^<]*?\bbaseURL:"([^"]*)"/;
/** The entry chunk the import map names (Nuxt 3.17 on), or else the document's module script (Nuxt 3 before it). */
const ENTRY = /"#entry"\s*:\s*"([^"]+)"/;
const MODULE_SCRIPT = /<script\b(?=[^>]*\btype="module")[^>]*\bsrc="([^"]+)"/;
/** A `<link rel="modulepreload">`'s target, whatever the order of its attributes. */
const MODULEPRELOAD = /<link\b(?=[^>]*\brel="modulepreload")[^>]*\bhref="([^"]+)"/g;

/** Quote characters a minified route table may use. */
const QUOTE = "[\"'`]";

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** What a Nuxt document says the stimulus needs: its entry chunk, the chunks it preloads and the route of `url`; null when it is no Nuxt document. */
export interface NuxtDocument {
  readonly entry: string;
  readonly preloaded: readonly string[];
  readonly routePath: string;
}

/** Reads a document `url` answered with; null when it is not Nuxt's (no `__NUXT__` config with a base URL, or no entry chunk). */
export function nuxtDocument(html: string, url: string): NuxtDocument | null {
  const baseURL = BASE_URL.exec(html)?.[1];
  const entry = ENTRY.exec(html)?.[1] ?? MODULE_SCRIPT.exec(html)?.[1];
  if (baseURL === undefined || entry === undefined) return null;
  const { pathname } = new URL(url);
  const base = baseURL.endsWith("/") ? baseURL : `${baseURL}/`;
  const inApp = `${pathname}/`.startsWith(base) ? pathname.slice(base.length - 1) : pathname;
  return {
    entry: new URL(entry, url).href,
    preloaded: [...html.matchAll(MODULEPRELOAD)].map((match) => new URL(match[1] as string, url).href),
    routePath: inApp === "" ? "/" : inApp,
  };
}

/**
 * The chunk of the route at `routePath` in Nuxt's route table (the entry chunk's source, at
 * `entryUrl`), as an absolute URL; null when the table has no such route with a lazy component.
 * Only a route object's own part is read: from its `path` to the next route's.
 */
export function routeChunk(entrySource: string, entryUrl: string, routePath: string): string | null {
  const path = new RegExp(`\\bpath:\\s*(${QUOTE})${escaped(routePath)}\\1`, "g");
  for (const match of entrySource.matchAll(path)) {
    const from = match.index + match[0].length;
    const next = entrySource.slice(from).search(new RegExp(`\\bpath:\\s*${QUOTE}`));
    const route = entrySource.slice(from, next === -1 ? undefined : from + next);
    const chunk = new RegExp(`\\bcomponent:[^]*?\\bimport\\(\\s*(${QUOTE})([^"'\`]+\\.m?js)\\1\\s*\\)`).exec(route)?.[2];
    if (chunk !== undefined) return new URL(chunk, entryUrl).href;
  }
  return null;
}

/**
 * Which module is the page's chunk in a Nuxt document (`html`, answered for `url`), or null when it is
 * not Nuxt's or its route's chunk is not found. The entry chunk is read with the page's own request
 * context, before the document reaches the page, so the chunk is known before the browser asks for it.
 */
export async function nuxtPageModule(page: Page, html: string, url: string): Promise<((url: URL) => boolean) | null> {
  const nuxt = nuxtDocument(html, url);
  if (nuxt === null) return null;
  // An entry that cannot be read leaves the page as it is: the caller's other holds, then its fault, apply.
  const source = await page.request
    .get(nuxt.entry)
    .then(async (entry) => (entry.ok() ? entry.text() : null))
    .catch(() => null);
  const chunk = source === null ? null : routeChunk(source, nuxt.entry, nuxt.routePath);
  // Only a chunk the document preloads for this route: never one the table names for another.
  if (chunk === null || !nuxt.preloaded.includes(chunk)) return null;
  return (candidate) => candidate.href === chunk;
}
