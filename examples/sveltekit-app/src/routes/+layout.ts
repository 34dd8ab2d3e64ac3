// The pages are the same for everyone, so SvelteKit prerenders them at build time (its docs'
// advice for static pages); the PWA plugin precaches prerendered pages, and its navigation
// fallback, the home page, is one of them.
export const prerender = true;
