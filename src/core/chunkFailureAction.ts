/**
 * UPD-2 / UPD-3: what the page does when a chunk of its own code fails to load. After a deploy the
 * open page still asks for the old build's hashed chunks, which the new worker's cleanup removed from
 * its precache and the host deleted (a 404) or answers with its SPA fallback (HTML, which the
 * browser refuses as a module script). Only the new build has the page's code now, so the page
 * reloads once, at the URL the person was going to. If a chunk fails again right after that reload,
 * the new build cannot load it either: reloading again would loop, so the page shows its
 * application-error view instead.
 */

/**
 * The `sessionStorage` key of the note that a reload was made: it survives the reload and stays in
 * the tab. The page removes it once a chunk loads, so the next deploy's failure reloads again.
 */
export const CHUNK_RELOAD_KEY = "pck:chunk-reload";

/** `reload` after storing `note` under CHUNK_RELOAD_KEY, or show the application-error view. */
export type ChunkFailureAction = { readonly kind: "reload"; readonly note: string } | { readonly kind: "show-error" };

/**
 * Decides from the stored note (null when there is none) and the page's URL at the failure. The
 * note is that URL: a failure at the URL a reload was just made to is the failure after the reload.
 * A failure at another URL is a new one (the person went on from the error view), and reloads.
 */
export function chunkFailureAction(note: string | null, url: string): ChunkFailureAction {
  return note === url ? { kind: "show-error" } : { kind: "reload", note: url };
}
