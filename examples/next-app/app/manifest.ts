import type { MetadataRoute } from "next";

/**
 * The web app manifest (INS-1), a metadata route: Next serves it at /app/manifest.webmanifest and
 * links it from every page with the base path, but writes what this returns as it is, so every URL
 * in it carries the base path itself. The icons are in public/, which Serwist precaches.
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: "/app/",
    name: "Fieldnotes",
    short_name: "Fieldnotes",
    description: "Notes from the field, offline too.",
    start_url: "/app/",
    scope: "/app/",
    display: "standalone",
    background_color: "#f7f3e8",
    theme_color: "#23424a",
    icons: [
      { src: "/app/icon-192x192.png", sizes: "192x192", type: "image/png" },
      { src: "/app/icon-512x512.png", sizes: "512x512", type: "image/png" },
      // Full bleed, the page inside the safe zone: Android masks it to its own shape.
      { src: "/app/icon-maskable-512x512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
