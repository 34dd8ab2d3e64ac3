/**
 * A module of the app served with its page component replaced by one that throws: how ERR-5's
 * page-module stimuli (svelteKitPageException.ts, nuxtPageException.ts) make a page's own component
 * throw as the framework renders it. The function marks the page before it throws
 * (`window.__pwaKitPageModuleThrew`), so the test knows the app's code ran it even where the app's
 * error handling reports nothing (Nuxt's production build logs only "[NUXT_E1005]").
 */
import type { Page } from "@playwright/test";

/** The component bound to the export in its place; no module of the app can hold this name. */
export const THROWING = "__pwaKitThrowingComponent";

/** The page global the thrown component sets (renderException.ts's `h1` hold reads it too). */
export const PAGE_MODULE_MARK = "__pwaKitPageModuleThrew";

/**
 * The module with its export `name` bound to a component that throws `message`, or null when it has
 * no such export of its own: minified (`export{n as component}`) or not, never a re-export
 * (`export { default as component } from "…"`), whose name is another module's. A component that is
 * a function (Svelte 5's) becomes a function that throws; one that is an object (a Vue component)
 * becomes a copy whose `setup` throws, where a bug in a page's `<script setup>` does: Vue and the
 * framework handle an exception in `setup` and one in a render function in different ways (on the
 * @vite-pwa/nuxt playground, an error page for the one, a blank page for the other).
 */
export function withThrowingExport(module: string, name: string, message: string): string | null {
  const ownExport = new RegExp(`(export\\s*\\{[^}]*?)([\\w$]+)(\\s+as\\s+${name}\\b)(?![^}]*\\}\\s*from\\b)`);
  const original = ownExport.exec(module)?.[2];
  if (original === undefined) return null;
  const thrower = `function () { globalThis.${PAGE_MODULE_MARK} = true; throw new Error(${JSON.stringify(message)}); }`;
  return `${module.replace(ownExport, `$1${THROWING}$3`)}
var ${THROWING} = typeof ${original} === "function" ? ${thrower} : Object.assign({}, ${original}, { setup: ${thrower} });
`;
}

/** Whether a function a page-module stimulus served has thrown in `page`. */
export function pageModuleThrew(page: Page): Promise<boolean> {
  return page.evaluate((mark) => (globalThis as unknown as Record<string, unknown>)[mark] === true, PAGE_MODULE_MARK);
}
