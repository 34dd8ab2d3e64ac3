/**
 * The app's pages, for its routes (each +page.svelte renders one with PageView.svelte) and for the kit's profile
 * test. Framework-free, so the kit's tests can import it without the app's dependencies.
 */
/** The app lives at the site root, as @vite-pwa/sveltekit's defaults assume (docs/sveltekit-app.md). */
export const BASE_PATH = "/";

export interface Page {
  readonly path: string;
  /** The page's `h1`, its `<title>` and the name of the link to it. */
  readonly title: string;
  readonly body: string;
}

export const HOME: Page = { path: "/", title: "Pantry", body: "Recipes for what is in the cupboard." };
export const RECIPES: Page = { path: "/recipes", title: "Recipes", body: "Lentil soup. Flatbread. Rice pudding. Tomato and bean stew." };
export const ABOUT: Page = { path: "/about", title: "About", body: "Written by two cooks; the recipes work offline once you have opened them." };

export const PAGES: readonly Page[] = [HOME, RECIPES, ABOUT];

/** The page for a path (`/about` → About), or undefined. */
export function pageFor(pathname: string): Page | undefined {
  return PAGES.find((page) => page.path === pathname);
}
