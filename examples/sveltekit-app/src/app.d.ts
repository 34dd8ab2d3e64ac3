// See https://svelte.dev/docs/kit/types#app.d.ts; the PWA plugin's virtual modules, as its docs show.
/// <reference types="vite-plugin-pwa/info" />
/// <reference types="vite-plugin-pwa/vanillajs" />
declare global {
  namespace App {}
}

export {};
