/**
 * How long a test waits for a signal some apps never give (a page stored after a history change, a
 * CACHE_URLS post): the one owner of those windows. A test gives such a signal the full window when
 * the probe saw the app give it, and only the grace a write already under way needs when the probe
 * waited the full window in vain: the facts, the same in every run, decide, never another test.
 */
import { test } from "@playwright/test";
import type { Fact, Timed } from "../../kit/appFacts.ts";
import { SUITE_NOTE } from "../../kit/outcomes.ts";
import { cameWithin } from "./applicability.ts";
import { expect } from "./expect.ts";

/** The full wait for such a signal: `expect.poll`'s default timeout, and the probe's own window. */
export const FULL_WAIT_MS = 5_000;

/**
 * How long a cache write the worker started before answering may take to land. A worker may reply
 * to a message, or a later message's page may be stored, before a slower page's write ends (seen on
 * Next.js + Serwist: a redirected page's entry appeared after the settle page's in 1 of 5 runs).
 */
export const WRITE_GRACE_MS = 1_000;

export interface Signal {
  /** What is awaited, for the report's step ("Cache Storage holds … after its own navigation"). */
  readonly what: string;
  /** What the probe saw of the same signal; undefined when it could not look (the window is then the full one). */
  readonly seen: Fact<Timed> | undefined;
  /** True once the signal has come. */
  readonly probe: () => Promise<boolean>;
}

/** The window a test gives `signal`: full, or the grace when the probe saw it not come (and the test says so). */
export function signalWindow({ what, seen }: Pick<Signal, "what" | "seen">): number {
  if (seen?.value.afterMs !== null) return FULL_WAIT_MS;
  test.info().annotations.push({
    type: SUITE_NOTE,
    description: `gave "${what}" ${WRITE_GRACE_MS} ms, not ${FULL_WAIT_MS} ms: the kit's probe saw no such signal within ${seen.value.windowMs} ms (${seen.how})`,
  });
  return WRITE_GRACE_MS;
}

/** Whether the signal came within its window (signalWindow). An observation the test goes on from, never its failure. */
export async function awaitSignal(signal: Signal): Promise<boolean> {
  const timeout = signalWindow(signal);
  return cameWithin(signal.what, () => expect.poll(signal.probe, { timeout }).toBe(true));
}

/** The least a forbidden register() call is watched for, whatever the probe saw: a call an app makes at once still has a task or two to run. */
export const REGISTER_WATCH_FLOOR_MS = 1_000;

/**
 * How long a test watches for a register() call the rule forbids (before `load`, outside the base
 * path, without Cache Storage): twice as long as the probe's home page took to call it, plus the
 * floor, and never more than the full window. The app's code runs as late on those pages as on home;
 * the margin covers a busier machine. Without a call seen by the probe, the full window.
 */
export function registerWatchWindow(seen: Fact<Timed> | undefined): number {
  const afterMs = seen?.value.afterMs;
  if (afterMs === null || afterMs === undefined) return FULL_WAIT_MS;
  const window = Math.min(FULL_WAIT_MS, 2 * afterMs + REGISTER_WATCH_FLOOR_MS);
  if (window < FULL_WAIT_MS)
    test.info().annotations.push({
      type: SUITE_NOTE,
      description: `watched for a register() call ${window} ms, not ${FULL_WAIT_MS} ms: the kit's probe saw the home page call it ${afterMs} ms into its navigation (${seen?.how})`,
    });
  return window;
}

/**
 * How long a test stays offline after history changes, for what a worker does with them while
 * offline (NAV-2: a failed fetch that drops or overwrites a stored page) to land before the browser
 * is back online, where the same fetch would succeed: twice as long as the probe's app took to store
 * its own navigation, plus the write grace, at most the full window. An app the probe saw store no
 * navigation has nothing under way but a write: the grace.
 */
export function offlineEffectWindow(seen: Fact<Timed> | undefined): number {
  const afterMs = seen?.value.afterMs;
  const window = afterMs === null || afterMs === undefined ? WRITE_GRACE_MS : Math.min(FULL_WAIT_MS, 2 * afterMs + WRITE_GRACE_MS);
  test.info().annotations.push({
    type: SUITE_NOTE,
    description: `stayed offline ${window} ms after the history changes, for what the worker does with them to land: ${
      afterMs === null || afterMs === undefined
        ? "the kit's probe saw the app store no page of its own navigation"
        : `the kit's probe saw the app store its own navigation's page ${afterMs} ms after it`
    } (${seen?.how ?? "no probe"})`,
  });
  return window;
}

/** For a signal that only guides a test (whether to take another road), not one it judges: false at once when the probe saw it not come. */
export function guidedBy(seen: Fact<Timed> | undefined): boolean {
  return seen?.value.afterMs !== null;
}
