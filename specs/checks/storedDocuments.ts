/**
 * NAV-2's reading of Cache Storage, in every engine: each HTML entry as a person offline would get
 * it (its status and type, and whether it is the app's offline page in the page's place). A body may
 * change: a worker may refresh a page once back online (Serwist posts the current path on `online`).
 */
import type { CachedDocument } from "./browserState.ts";

export interface StoredDocument {
  readonly url: string;
  readonly status: number | null;
  readonly contentType: string | null;
  readonly offlinePage: boolean;
}

/** The HTML entries of `entries` (browserState.ts's cachedEntriesInPage), read as NAV-2 compares them. */
export function storedDocuments(entries: readonly CachedDocument[], offlineText: string | undefined): StoredDocument[] {
  return entries
    .filter((entry) => entry.contentType?.includes("text/html"))
    .map((entry) => ({
      url: entry.url,
      status: entry.status,
      contentType: entry.contentType,
      offlinePage: offlineText !== undefined && entry.body.includes(offlineText),
    }));
}

/** The entries of `before` that `after` no longer holds as they were. */
export function changedOrRemoved(before: readonly StoredDocument[], after: readonly StoredDocument[]): StoredDocument[] {
  return before.filter((entry) => !after.some((kept) => JSON.stringify(kept) === JSON.stringify(entry)));
}
