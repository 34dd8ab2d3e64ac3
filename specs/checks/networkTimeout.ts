/**
 * The worker's network timeout as a spec may rely on it (NAV-5's lie-fi, NAV-7's save): the
 * reference worker's is switched to a short one, so a spec does not wait its 3 s default; another
 * app's is what its profile says, and without one it gets NO_TIMEOUT_BUDGET_MS, so an app with no
 * timeout at all fails rather than being "not applicable".
 */
import type { Profile } from "../../cli/profile/profileSchema.ts";
import { PROXIED } from "../harness/applicability.ts";
import { expect } from "../harness/expect.ts";
import type { MockServer } from "../harness/mockServerProcess.ts";

/** A network timeout short enough that lie-fi specs do not wait the reference shell's 3 s default. */
const SHORT_TIMEOUT_MS = 400;

/**
 * How long an app without a network timeout in its profile gets to answer from its cache: longer
 * than any timeout worth having (Workbox's examples use 3 s, ours 3 s), short enough for a test.
 */
const NO_TIMEOUT_BUDGET_MS = 5_000;

/** How much slower than the timeout a slow network is (NAV-5's lie-fi): clearly past it. */
export const SLOWER_BY_MS = 1_000;

/** Time on top of the timeout for the worker to answer from its cache and the page to render. */
export const ANSWER_MARGIN_MS = 5_000;

/**
 * Time on top of the timeout for the worker's answer from its cache to reach the page (the
 * navigation commits): its timer firing late on a busy machine and one cache lookup. The page's
 * rendering after that has an assertion's own wait.
 */
export const COMMIT_MARGIN_MS = 2_000;

/**
 * The timeout in force for a worker registered from now on. Call it before the app registers: the
 * reference worker reads its timeout from its script URL, so a worker registered before the change
 * keeps the default and a spec would pass without exercising the timeout at all.
 */
export async function networkTimeout(mock: MockServer, profile: Profile): Promise<number> {
  if (profile.reference && !PROXIED) {
    await mock.configure({ networkTimeoutMs: SHORT_TIMEOUT_MS });
    return SHORT_TIMEOUT_MS;
  }
  return profile.worker.networkTimeoutMs ?? NO_TIMEOUT_BUDGET_MS;
}

/**
 * The slow request the fault `faultId` delayed by `slowerMs` was answered in full and waited for:
 * 200, or 304 where the browser revalidated a copy of its HTTP cache (Next.js sends ETags).
 */
export async function answeredInFull(mock: MockServer, faultId: string, slowerMs: number): Promise<void> {
  const slow = async () => (await mock.journal()).find((entry) => entry.fault === faultId);
  await expect.poll(async () => (await slow())?.outcome, { message: "the slow request was answered in full" }).toBe("completed");
  const answered = await slow();
  expect([200, 304], `the slow request's status (${answered?.status})`).toContain(answered?.status);
  expect(answered?.durationMs, "how long the slow request took (ms)").toBeGreaterThanOrEqual(slowerMs);
}

/** "<n> held, <m> let go": the requests a hanging fault held, and how many of them the client aborted. */
export async function heldAndLetGo(mock: MockServer, faultId: string): Promise<string> {
  const hits = (await mock.faults()).find((fault) => fault.id === faultId)?.hits ?? 0;
  const ended = (await mock.journal()).filter((entry) => entry.fault === faultId && entry.outcome === "aborted").length;
  return `${hits} held, ${ended} let go`;
}

/** heldAndLetGo() once every request held has been let go of. */
export const HELD_AND_LET_GO = /^(\d+) held, \1 let go$/;
