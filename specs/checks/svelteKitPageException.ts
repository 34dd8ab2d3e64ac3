/**
 * ERR-5's stimulus on a SvelteKit app: its page component throws as Svelte renders it, as a bug in
 * the page's own code does. SvelteKit hydrates server-rendered HTML, so the page creates no heading
 * element (renderException.ts's hold) and Svelte announces nothing to a global hook in production.
 * Its start script names the route's nodes (`node_ids: [0, 2]`: the root layout first, the page
 * last), and each node is a module under `<appDir>/immutable/nodes/<id>.<hash>.js` that exports
 * the node's `component`. The page's node module is served with that export bound to a function that
 * throws: the exception rises from the page's place in the tree when the app renders it, through
 * whatever the app and SvelteKit do with it (on Svelte 5, hydration gives up and the root empties:
 * watched by hand on the SvelteKit fixture, docs/sveltekit-app.md). pageModuleException.ts serves it.
 */

/** The route's nodes in SvelteKit's start script. */
const NODE_IDS = /\bnode_ids:\s*\[([\d,\s]+)\]/;
/** A node module's path, with its id. */
const NODE_MODULE = /\/immutable\/nodes\/(\d+)\.[\w-]+\.js$/;

/** The page's node id from a SvelteKit document (the last of its start script's `node_ids`), or null. */
export function pageNodeId(html: string): number | null {
  const ids = NODE_IDS.exec(html)?.[1]
    ?.split(",")
    .map((id) => Number(id.trim()));
  const last = ids?.at(-1);
  return last === undefined || !Number.isInteger(last) ? null : last;
}

/** Which module is the page's node in a SvelteKit document (`html`), or null when it is not SvelteKit's. */
export function svelteKitPageModule(html: string): ((url: URL) => boolean) | null {
  const id = pageNodeId(html);
  if (id === null) return null;
  return (url) => NODE_MODULE.exec(url.pathname)?.[1] === String(id);
}
