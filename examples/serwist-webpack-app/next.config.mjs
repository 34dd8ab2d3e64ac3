// @ts-check
// @serwist/next's webpack plugin, as Serwist's getting-started guide sets it up
// (https://serwist.pages.dev/docs/next/getting-started): it bundles app/sw.ts into public/sw.js during
// `next build --webpack` and adds its registration script to every page's main bundle.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import withSerwistInit from "@serwist/next";

const basePath = "/swnext";
// The offline page is precached under a revision; the guide's git commit would change with every
// commit of this repository, the hash of the page's source only when the page does.
const revision = createHash("sha256")
  .update(readFileSync(new URL("./app/~offline/page.tsx", import.meta.url)))
  .digest("hex")
  .slice(0, 16);

const withSerwist = withSerwistInit({
  swSrc: "app/sw.ts",
  swDest: "public/sw.js",
  // Each client-side navigation is fetched and stored by a dedicated worker (swe-worker-*.js).
  cacheOnNavigation: true,
  // With the base path: the precache URL is what a navigation to the page asks for.
  additionalPrecacheEntries: [{ url: `${basePath}/~offline/`, revision }],
});

/** @type {import("next").NextConfig} */
const nextConfig = {
  // This app has its own lockfile inside the repository's: without this Next takes the repository
  // root for the workspace root and warns.
  outputFileTracingRoot: import.meta.dirname,
  basePath,
  // The home is /swnext/, inside the worker's scope /swnext/; without it Next serves the home at
  // /swnext, which no worker scope can contain (serwist#244).
  trailingSlash: true,
  reactStrictMode: true,
};

export default withSerwist(nextConfig);
