/**
 * The digest of a server-side error, computed the way Next.js does it: the `string-hash` function
 * (djb2 with XOR, walking the string from its end) over `message + stack`, as an unsigned 32-bit
 * decimal string. The page shows it, the server logs and journals it, so a person can go from the
 * digest on screen to the server-side record (ERR-4).
 */

/** `string-hash` (as vendored by Next.js): deterministic, 32-bit, unsigned. */
export function stringHash(text: string): number {
  let hash = 5381;
  for (let i = text.length - 1; i > -1; i--) {
    hash = (hash * 33) ^ text.charCodeAt(i);
  }
  return hash >>> 0;
}

export function errorDigest(error: { readonly message: string; readonly stack?: string | undefined }): string {
  return String(stringHash(error.message + (error.stack ?? "")));
}
