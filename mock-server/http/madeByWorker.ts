/**
 * Whether the service worker made a request: its requests carry its script URL as the referrer, a
 * page's carry the page's URL. null when the request names no (readable) referrer. Shared by the
 * journal (`fromWorker`) and the deploy, which never retires a script the worker imports.
 */
export function madeByWorker(referer: string | undefined, workerPath: string): boolean | null {
  if (!referer) return null;
  try {
    return new URL(referer).pathname === workerPath;
  } catch {
    return null;
  }
}
