/**
 * UPD-3: loads a lazy chunk of the page's code; when the load fails, reloads once into the new build
 * or, on the failure right after that reload, rejects so the app shows its application-error view
 * (core/chunkFailureAction.ts decides). Any rejection of the import counts: a 404, a module script
 * answered with HTML (Chromium refuses it by MIME type), a network error.
 */
import { CHUNK_RELOAD_KEY, type ChunkFailureAction, chunkFailureAction } from "../core/chunkFailureAction.ts";

/**
 * Storage can throw (blocked, even to read `win.sessionStorage`, or full): without a note a reload
 * could loop, so then the error is shown.
 */
function decide(win: Window, url: string): ChunkFailureAction {
  try {
    const action = chunkFailureAction(win.sessionStorage.getItem(CHUNK_RELOAD_KEY), url);
    if (action.kind === "reload") win.sessionStorage.setItem(CHUNK_RELOAD_KEY, action.note);
    return action;
  } catch {
    return { kind: "show-error" };
  }
}

function forget(win: Window): void {
  try {
    win.sessionStorage.removeItem(CHUNK_RELOAD_KEY);
  } catch {
    // Nothing was noted where nothing can be stored.
  }
}

export function reloadOnChunkFailure<T>(win: Window, load: () => Promise<T>): Promise<T> {
  return load().then(
    (chunk) => {
      forget(win);
      return chunk;
    },
    (error: unknown) => {
      // A lazy page renders after its client-side navigation pushed its URL, so this is the URL
      // the person was going to: the reload lands on that page, served by the new build.
      if (decide(win, win.location.href).kind === "show-error") throw error;
      win.location.reload();
      // Never settles: the page keeps its loading state until the document goes, rather than
      // flashing the error view before the reload.
      return new Promise<T>(() => undefined);
    },
  );
}
