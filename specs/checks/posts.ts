/**
 * Reads the `CACHE_URLS` messages a page posted to its worker (Workbox's and Serwist's protocol,
 * and the reference shell's). The required rule asks for the page's URL; whether it is absolute is
 * the recommended one, so URLs are resolved against the app's origin before comparing.
 */

function urlsOf(message: unknown): unknown[] | null {
  if (typeof message !== "object" || message === null || (message as { type?: unknown }).type !== "CACHE_URLS") return null;
  const urls = (message as { payload?: { urlsToCache?: unknown } }).payload?.urlsToCache;
  return Array.isArray(urls) ? urls : null;
}

/** Every URL in every CACHE_URLS message exactly as posted (relative ones stay relative). */
export function rawPostedUrls(posts: readonly unknown[]): string[] {
  return posts.flatMap((message) => (urlsOf(message) ?? []).map((url) => String(Array.isArray(url) ? url[0] : url)));
}

/**
 * Every URL in every CACHE_URLS message, resolved against `origin`, in posting order. A message of
 * another shape shows as `<not CACHE_URLS: …>` so a comparison fails with what was posted.
 */
export function postedUrls(posts: readonly unknown[], origin: string | undefined): string[] {
  return posts.flatMap((message) => {
    const urls = urlsOf(message);
    if (!urls) return [`<not CACHE_URLS: ${JSON.stringify(message)}>`];
    return urls.map((url) => {
      // Workbox also accepts [url, requestInit] pairs.
      const raw = Array.isArray(url) ? url[0] : url;
      try {
        return new URL(String(raw), origin).href;
      } catch {
        return `<not a URL: ${String(raw)}>`;
      }
    });
  });
}

/** Why a test of what the app posts ends not checked for an app that posts nothing for its own navigations. */
export const POSTS_NOTHING = "the app posts no CACHE_URLS message for its own navigations (NAV-1's recommended protocol), so what it posts cannot be judged";

/** `urls` without the run of `url` at its end (a sentinel's posts: one, or more from a router's own replaceState). */
export function withoutTrailing(urls: readonly string[], url: string): string[] {
  let end = urls.length;
  while (end > 0 && urls[end - 1] === url) end--;
  return urls.slice(0, end);
}
