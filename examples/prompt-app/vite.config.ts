/**
 * vite-plugin-pwa in its default setup: registerType 'prompt', generateSW (Workbox), no
 * clientsClaim or skipWaiting, navigateFallback index.html. The page registers through
 * `virtual:pwa-register/react` (src/ReloadPrompt.tsx), so the plugin injects no script of its own.
 */
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

export default defineConfig({
  base: "/prompt/",
  plugins: [
    react(),
    VitePWA({
      includeAssets: ["icon.svg"],
      manifest: {
        name: "Trailhead",
        short_name: "Trailhead",
        description: "Walks near town, and the huts along them.",
        theme_color: "#3c5a2e",
        background_color: "#f3f1e8",
        icons: [{ src: "icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" }],
      },
    }),
  ],
});
