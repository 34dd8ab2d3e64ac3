// @ts-check
// Serwist's configurator mode (https://serwist.pages.dev/docs/next/config): `serwist build` runs after
// `next build` and writes public/sw.js, served by Next at /app/sw.js because of the base path.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { serwist } from "@serwist/next/config";

// The web app manifest is a route of app/ (manifest.ts), not a file the default globs find: precache
// it by hand, its revision the hash of the code that renders it, so the installed app has it offline.
const manifestRevision = createHash("sha256")
  .update(readFileSync(new URL("./app/manifest.ts", import.meta.url)))
  .digest("hex")
  .slice(0, 16);

export default serwist({
  swSrc: "app/sw.ts",
  swDest: "public/sw.js",
  additionalPrecacheEntries: [{ url: "/app/manifest.webmanifest", revision: manifestRevision }],
});
