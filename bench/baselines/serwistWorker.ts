/**
 * The worker-size baseline: a Serwist worker with the runtime caching a framework integration
 * ships by default. serwist 9.5 itself exports no `defaultCache` (it lives in @serwist/next/worker,
 * which needs Next.js and is not installed), so this is the closest equivalent written against
 * serwist's own strategies and plugins: the same families of routes — fonts, images, media with
 * range requests, scripts and styles, data files, same-origin APIs with a network timeout,
 * same-origin pages, cross-origin — each with its own cache and an ExpirationPlugin.
 */
import { CacheFirst, ExpirationPlugin, NetworkFirst, RangeRequestsPlugin, type RuntimeCaching, Serwist, StaleWhileRevalidate } from "serwist";

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

const expire = (maxEntries: number, maxAgeSeconds: number) => new ExpirationPlugin({ maxEntries, maxAgeSeconds });

const runtimeCaching: RuntimeCaching[] = [
  { matcher: /\.(?:eot|otf|ttc|ttf|woff2?)$/i, handler: new StaleWhileRevalidate({ cacheName: "static-font-assets", plugins: [expire(4, 7 * DAY)] }) },
  {
    matcher: /\.(?:jpe?g|gif|png|svg|ico|webp|avif)$/i,
    handler: new StaleWhileRevalidate({ cacheName: "static-image-assets", plugins: [expire(64, 30 * DAY)] }),
  },
  {
    matcher: /\.(?:mp3|wav|ogg|mp4|webm)$/i,
    handler: new CacheFirst({ cacheName: "static-media-assets", plugins: [expire(32, DAY), new RangeRequestsPlugin()] }),
  },
  { matcher: /\.(?:js|mjs)$/i, handler: new StaleWhileRevalidate({ cacheName: "static-js-assets", plugins: [expire(48, DAY)] }) },
  { matcher: /\.css$/i, handler: new StaleWhileRevalidate({ cacheName: "static-style-assets", plugins: [expire(32, DAY)] }) },
  { matcher: /\.(?:json|xml|csv)$/i, handler: new NetworkFirst({ cacheName: "static-data-assets", plugins: [expire(32, DAY)] }) },
  {
    matcher: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith("/api/"),
    method: "GET",
    handler: new NetworkFirst({ cacheName: "apis", networkTimeoutSeconds: 10, plugins: [expire(16, DAY)] }),
  },
  { matcher: ({ sameOrigin }) => sameOrigin, handler: new NetworkFirst({ cacheName: "pages", plugins: [expire(32, DAY)] }) },
  {
    matcher: ({ sameOrigin }) => !sameOrigin,
    handler: new NetworkFirst({ cacheName: "cross-origin", networkTimeoutSeconds: 10, plugins: [expire(32, HOUR)] }),
  },
];

const serwist = new Serwist({ precacheEntries: [], skipWaiting: true, clientsClaim: true, navigationPreload: false, runtimeCaching });
serwist.addEventListeners();
