// @ts-check
// Serwist's configurator mode (https://serwist.pages.dev/docs/next/config): `serwist build` runs after
// `next build` and writes public/sw.js, served by Next at /app/sw.js because of the base path.
import { serwist } from "@serwist/next/config";

export default serwist({
  swSrc: "app/sw.ts",
  swDest: "public/sw.js",
});
