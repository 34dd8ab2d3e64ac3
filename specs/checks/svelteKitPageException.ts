/**
 * ERR-5's stimulus on a SvelteKit app: its page component throws as Svelte renders it, as a bug in
 * the page's own code does. SvelteKit hydrates server-rendered HTML, so the page creates no heading
 * element (renderException.ts's hold) and Svelte announces nothing to a global hook in production.
 * Its start script names the route's nodes (`node_ids: [0, 2]`: the root layout first, the page
 * last), and each node is a module under `<appDir>/immutable/nodes/<id>.<hash>.js` that exports
 * the node's `component`. The page's node module is served with that export bound to a function that
 * throws: the exception rises from the page's place in the tree when the app renders it, through
 * whatever the app and SvelteKit do with it (on Svelte 5, hydration gives up and the root empties:
 * watched by hand on the SvelteKit fixture, docs/sveltekit-app.md).
 */
import type { Page } from "@playwright/test";

/** The route's nodes in SvelteKit's start script. */
const NODE_IDS = /\bnode_ids:\s*\[([\d,\s]+)\]/;
/** A node module's path, with its id. */
const NODE_MODULE = /\/immutable\/nodes\/(\d+)\.[\w-]+\.js$/;
/**
 * The module's export of its component, minified (`export{n as component}`) or not; never a
 * re-export (`export { default as component } from "…"`), whose name is another module's.
 */
const COMPONENT_EXPORT = /(export\s*\{[^}]*?)([\w$]+)(\s+as\s+component\b)(?![^}]*\}\s*from\b)/;
/** The function bound to `component` in its place; no module of the app can hold this name. */
const THROWING = "__pwaKitThrowingComponent";

/** The page's node id from a SvelteKit document (the last of its start script's `node_ids`), or null. */
export function pageNodeId(html: string): number | null {
  const ids = NODE_IDS.exec(html)?.[1]
    ?.split(",")
    .map((id) => Number(id.trim()));
  const last = ids?.at(-1);
  return last === undefined || !Number.isInteger(last) ? null : last;
}

/** The node module with its `component` export bound to a function that throws `message`, or null when it exports none. */
export function withThrowingComponent(module: string, message: string): string | null {
  if (!COMPONENT_EXPORT.test(module)) return null;
  return `${module.replace(COMPONENT_EXPORT, `$1${THROWING}$3`)}\nfunction ${THROWING}() { throw new Error(${JSON.stringify(message)}); }\n`;
}

/**
 * Makes the page component of the next SvelteKit document `page` loads from `url` throw `message`
 * as it renders; resolves to a function that tells the node module it changed, once it has.
 */
export async function throwInSvelteKitPage(page: Page, url: string, message: string): Promise<() => string | null> {
  let pageNode: number | null = null;
  let changed: string | null = null;
  await page.route(
    (candidate) => candidate.href === url,
    async (route) => {
      const response = await route.fetch();
      pageNode = pageNodeId(await response.text());
      await route.fulfill({ response });
    },
    { times: 1 },
  );
  await page.route(NODE_MODULE, async (route) => {
    const path = new URL(route.request().url()).pathname;
    const response = await route.fetch();
    const id = Number(NODE_MODULE.exec(path)?.[1]);
    const edited = id === pageNode ? withThrowingComponent(await response.text(), message) : null;
    if (edited === null) return route.fulfill({ response });
    changed = path;
    return route.fulfill({ response, body: edited });
  });
  return () => changed;
}
