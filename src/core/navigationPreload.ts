/**
 * Whether a failed navigation preload fails its navigation in this browser, whatever the worker
 * answers with: Gecko's. Offline (or with the server unreachable) Firefox then shows its error page
 * instead of the cached page or the offline page the worker returned (workbox#3134; seen in Firefox
 * ESR 153.8, docs/engines.md), so the reference's worker enables no preload there. Gecko's token is
 * `Gecko/<date>`; Chromium and WebKit say "like Gecko", and Firefox for iOS (WebKit) says FxiOS.
 */
export function preloadFailsNavigations(userAgent: string): boolean {
  return /\bGecko\/\d/.test(userAgent) && /\bFirefox\/\d/.test(userAgent);
}
