/**
 * What `init` saw of a running app in Chromium, before any of it becomes a profile: the raw facts
 * discoverApp.ts gathers and starterProfile.ts (pure) turns into profile fields and notes.
 */

/** A request the page made, as Chromium sent it (header names in lower case). */
export interface ObservedRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** An in-scope link of the home page and what its page showed when loaded as a document. */
export interface LinkFact {
  /** The link's target path (with its query, if any). */
  readonly path: string;
  /** Its accessible name, or null when that name does not pick out this link first on the page. */
  readonly name: string | null;
  /** The page's `h1` once rendered, or null when none showed. */
  readonly heading: string | null;
  /** The document's status, or null when the load failed. */
  readonly status: number | null;
  /** The page whose link it is, where that is not home (init looked one level down for more pages). */
  readonly linkedFrom?: string;
}

/** A client-side navigation: the first page's link clicked on the home page. */
export interface ClientNavigationFact {
  readonly path: string;
  /** A document request went out: the link made a full page load, not a client-side navigation. */
  readonly documentLoad: boolean;
  /** The page's fetch/XHR requests for the linked page's own URL (any query), from the home page's load on. */
  readonly dataRequests: readonly ObservedRequest[];
  /** Other same-origin fetch/XHR requests made after the click, for the notes. */
  readonly otherRequests: readonly string[];
}

export interface NotFoundFact {
  readonly path: string;
  readonly status: number | null;
  /** The page's `h1`, else its first line of text; null when it showed nothing. */
  readonly text: string | null;
  /**
   * What the server answered with service workers blocked, asked only where the answer above
   * showed the home page's text (a worker that answers every path with home): its own 404 page.
   */
  readonly withoutWorker?: { readonly status: number | null; readonly text: string | null };
}

export interface OutsideFact {
  readonly path: string;
  readonly status: number | null;
  /** It answered 2xx HTML that loads one of the home page's scripts. */
  readonly servesShell: boolean;
}

/** An offline navigation to a page not visited in that browser context. */
export type OfflineFact =
  | { readonly kind: "page"; readonly path: string; readonly text: string; readonly status: number }
  | { readonly kind: "none"; readonly path: string; readonly detail: string }
  | { readonly kind: "unknown"; readonly path: string | null; readonly detail: string };

/**
 * What the app did after the browser went offline and came back online, on a paused fake clock:
 * it reloaded `settleMs` fake ms after `online` (0: at once), did not within `waitedMs`, or could not
 * be seen (`detail` says why).
 */
export type OnlineFact =
  | { readonly reloads: true; readonly settleMs: number }
  | { readonly reloads: false; readonly waitedMs: number }
  | { readonly reloads: null; readonly detail: string };

/**
 * How the app took a deploy made through the kit's proxy (probeUpdate.ts): the new worker took over
 * by itself, a button showed while it waited (the names of the buttons that appeared, and the one
 * taken for accepting), it waited with nothing shown, or it could not be seen (`detail` says why).
 */
export type UpdateFact =
  | { readonly kind: "auto" }
  | { readonly kind: "prompt"; readonly accept: string; readonly offered: readonly string[] }
  | { readonly kind: "reopen"; readonly waitedMs: number }
  | { readonly kind: "unknown"; readonly detail: string };

/**
 * The manifest the home page links, as Chromium read it: none linked, one it could not read (no
 * body, or no start URL), or one with its start URL and that page's `h1` (null when none showed).
 */
export type ManifestFact =
  | { readonly kind: "none" }
  | { readonly kind: "unreadable"; readonly url: string }
  | { readonly kind: "found"; readonly url: string; readonly startUrl: string; readonly startHeading: string | null }
  | { readonly kind: "unknown"; readonly detail: string };

/** A step of discovery that broke (a timeout, a page that went away): what it was and why. */
export interface FailedStep {
  readonly failed: string;
}

export interface AppFacts {
  /** The URL init opened. */
  readonly target: string;
  /** The web app manifest's name, else the home page's title; null when neither. */
  readonly name: string | null;
  /** The path init opened (the app's home when it lies in the worker's scope). */
  readonly home: string;
  /** The home page's `h1`, else its first line: what tells a page that only shows home. */
  readonly homeText: string | null;
  readonly worker: { readonly script: string; readonly scope: string };
  readonly links: readonly LinkFact[];
  /** Null when the home page has no in-scope link with a name to click. */
  readonly clientNavigation: ClientNavigationFact | FailedStep | null;
  readonly notFound: NotFoundFact;
  readonly outside: readonly OutsideFact[];
  readonly offline: OfflineFact;
  readonly online: OnlineFact;
  readonly update: UpdateFact;
  readonly manifest: ManifestFact;
  /** The page carries the kit's own reference shell's render id (reference.json's renderIdSelector). */
  readonly referenceHooks: boolean;
}
