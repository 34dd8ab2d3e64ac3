/**
 * SvelteKit with @vite-pwa/sveltekit as its getting-started page shows: generateSW (Workbox), the
 * plugin's SvelteKit defaults (precache of the client build and of prerendered pages, the base
 * path as navigateFallback), `registerType: 'autoUpdate'` and a manifest with icons.
 */
import { sveltekit } from "@sveltejs/kit/vite";
import { SvelteKitPWA } from "@vite-pwa/sveltekit";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [
    sveltekit(),
    SvelteKitPWA({
      registerType: "autoUpdate",
      manifest: {
        name: "Pantry",
        short_name: "Pantry",
        description: "Recipes for what is in the cupboard.",
        theme_color: "#7a3b1d",
        background_color: "#fbf6ee",
        icons: [
          { src: "icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "icon-512.png", sizes: "512x512", type: "image/png" },
        ],
      },
    }),
  ],
});
