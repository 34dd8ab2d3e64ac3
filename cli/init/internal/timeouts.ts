/** How long each step of discovery may take: every wait of `init` is bounded by one of these. */

/** A document load: a dev server's first build of a page can take seconds (Next.js: ~5 s cold). */
export const LOAD_TIMEOUT_MS = 30_000;

/** A worker's install and activation until it controls the page: the suite's budget, from its one owner. */
export { CONTROL_TIMEOUT_MS } from "../../../kit/workerControl.ts";

/** From `load` until a page's `h1` shows: client-side rendering, a data request of its own. */
export const RENDER_TIMEOUT_MS = 10_000;

/** Any other single browser action (a click, a read of the page). */
export const ACTION_TIMEOUT_MS = 10_000;

/** Chromium's start: 0.15–0.2 s on a 2-core machine; generous for a loaded CI machine. */
export const LAUNCH_TIMEOUT_MS = 30_000;

/** The first plain HTTP request to --target, before Chromium starts. */
export const ANSWER_TIMEOUT_MS = 10_000;
