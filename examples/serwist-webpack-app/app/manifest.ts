import type { MetadataRoute } from "next";

// Served at /swnext/manifest.webmanifest; URLs carry the base path, which Next does not add here.
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Tidepools",
    short_name: "Tidepools",
    description: "A field guide to the rock pools",
    start_url: "/swnext/",
    scope: "/swnext/",
    display: "standalone",
    background_color: "#f4f1ea",
    theme_color: "#1f5f6b",
    icons: [{ src: "/swnext/icon.svg", sizes: "any", type: "image/svg+xml" }],
  };
}
