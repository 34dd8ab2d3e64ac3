/**
 * Where the control API and the control panel live, and the names of the journal stream's events:
 * what the server, the build (vite.config.ts) and the panel's browser bundle agree on. No imports,
 * so the panel can bundle this file without pulling in server code.
 */

/** The control API, and the control panel's page at `/__mock/`. */
export const CONTROL_PREFIX = "/__mock";

/** The panel's built files; a path of its own so they never mix with the app's `assets/`. */
export const PANEL_ASSETS_PREFIX = `${CONTROL_PREFIX}/panel`;

/** Under CONTROL_PREFIX: the journal as server-sent events. */
export const JOURNAL_STREAM_PATH = "/journal/stream";

/** Under CONTROL_PREFIX: the journal, its count and its HAR export, each with the same filters (journalQuery.ts). */
export const JOURNAL_PATH = "/journal";
export const JOURNAL_COUNT_PATH = "/journal/count";
export const JOURNAL_HAR_PATH = "/journal.har";

/** Under CONTROL_PREFIX: the conformance checklist as one page (dist/checklist.html). */
export const CHECKLIST_PATH = "/checklist";

/** Under CONTROL_PREFIX: requests that matched no fault, with the faults they nearly matched. */
export const NEAR_MISSES_PATH = "/near-misses";

/** The event types of the journal stream: a new journal entry, or the journal was emptied. */
export const JOURNAL_EVENTS = { entry: "entry", clear: "clear" } as const;

/**
 * Whether a path lies at or under CONTROL_PREFIX in any case: an app there would be shadowed by the
 * control API, and one spelt `/__MOCK` would differ from it only by case.
 */
export function isUnderControlPrefix(path: string): boolean {
  const lower = path.toLowerCase();
  return lower === CONTROL_PREFIX || lower.startsWith(`${CONTROL_PREFIX}/`);
}
