/**
 * A wait for a signal some apps never give (a page stored after a history change, a CACHE_URLS
 * post), that learns from the rest of the run. The first test that waits the full time in vain
 * writes the fact down (runFacts.ts); a test of the same run that starts afterwards, or is waiting
 * meanwhile in another Playwright worker, then gives the signal only the grace a write already under
 * way needs, and the report says so. Without it, an app without the behaviour (vite-plugin-pwa's
 * default, ngsw) spent the full wait in every test that looks for it, two of them at once.
 */
import { test } from "@playwright/test";
import { SUITE_NOTE, WAIT_PREFIX } from "../../kit/outcomes.ts";
import { WRITE_GRACE_MS } from "./browserState.ts";
import { expect } from "./expect.ts";
import { knownFact, type RunFact, recordFact } from "./runFacts.ts";

/** The full wait: `expect.poll`'s default timeout, what every such signal was given before. */
export const FULL_WAIT_MS = 5_000;

export interface LearningWait {
  /** What is awaited, for the report's step ("the app posts … as CACHE_URLS"). */
  readonly what: string;
  readonly fact: RunFact;
  /** Written down as the fact's reason when the full wait passes in vain. */
  readonly inVain: string;
  /** True once the signal has come. */
  readonly probe: () => Promise<boolean>;
  /**
   * When the fact is known before the wait begins: false at once, without a look. Only for a signal
   * that guides a test (whether a good page posted beside a bad one is stored), never one it judges.
   */
  readonly knownEndsAtOnce?: boolean;
}

/** Whether the signal came: within the full wait, or within the grace once the run knows it does not come. */
export async function waitLearning({ what, fact, inVain, probe, knownEndsAtOnce = false }: LearningWait): Promise<boolean> {
  const testInfo = test.info();
  if (knownEndsAtOnce && knownFact(testInfo, fact) !== undefined) return false;
  let learned: { reason: string; graceEnds: number } | undefined;
  // An object, not a `let`: the poll's callback sets it, which TypeScript's narrowing does not see.
  const seen: { state: "came" | "learned" | "waiting" } = { state: "waiting" };
  const look = async (): Promise<typeof seen.state> => {
    if (await probe()) seen.state = "came";
    else {
      if (learned === undefined) {
        const reason = knownFact(testInfo, fact);
        if (reason !== undefined) learned = { reason, graceEnds: Date.now() + WRITE_GRACE_MS };
      }
      seen.state = learned !== undefined && Date.now() >= learned.graceEnds ? "learned" : "waiting";
    }
    return seen.state;
  };
  await test.step(`${WAIT_PREFIX} ${what}`, async () => {
    // Passes on "came" or "learned"; a full wait in vain ends with the state still "waiting".
    await expect
      .poll(look, { timeout: FULL_WAIT_MS })
      .not.toBe("waiting")
      .catch(() => undefined);
  });
  if (seen.state === "came") return true;
  if (learned === undefined) recordFact(testInfo, fact, inVain);
  else
    testInfo.annotations.push({
      type: SUITE_NOTE,
      description: `gave "${what}" ${WRITE_GRACE_MS} ms, not the full ${FULL_WAIT_MS} ms: ${learned.reason} (found by another test of this run)`,
    });
  return false;
}
