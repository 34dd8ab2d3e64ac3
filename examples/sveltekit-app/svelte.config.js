// SvelteKit's config as `npx sv create` writes it, with adapter-node: a Node server, as a
// self-hosted app runs, which answers unknown paths with SvelteKit's own 404.
import adapter from "@sveltejs/adapter-node";

/** @type {import('@sveltejs/kit').Config} */
const config = {
  kit: {
    adapter: adapter(),
  },
};

export default config;
