/**
 * The words a test ends in and a clause's verdict is said in, shared by the suite (specs/), which
 * marks its tests with them, and the report (cli/report/), which reads them back: one owner, so a
 * renamed word cannot leave the report reading a mark the suite no longer writes.
 */

/** How one test ends, for the app: see cli/report/verdicts.ts for what each means at a level. */
export const OUTCOMES = ["passed", "failed", "inconclusive", "not-applicable", "not-checked"] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const NOT_APPLICABLE = "not-applicable" satisfies Outcome;
export const NOT_CHECKED = "not-checked" satisfies Outcome;
export const INCONCLUSIVE = "inconclusive" satisfies Outcome;

/** A clause's rule at two levels: what the behaviour demands, and this checklist's stricter practice. */
export const LEVELS = ["required", "recommended"] as const;
export type Level = (typeof LEVELS)[number];

/** The Playwright tag of a test of the recommended level; untagged tests are the required rule. */
export const RECOMMENDED_TAG = "@recommended";

/** Title prefix of a `test.step` whose failure makes a test inconclusive, not failed. */
export const PRECONDITION_PREFIX = "precondition:";

/**
 * The title prefix of a step that waits for a signal some apps never give (a page stored under its
 * own URL, a request the worker may never make): the test reads whether it came, so the wait's
 * timeout is an observation, never the test's failure.
 */
export const WAIT_PREFIX = "wait:";

/**
 * The annotation type of a note the suite makes about how it carried out a test (it reloaded to
 * bring the page under the worker, say): shown in the report beside the verdicts, never one itself.
 */
export const SUITE_NOTE = "pck-note";
