/**
 * The dribbles under way at once, capped. A dribble holds its connection for as long as its rate
 * makes it (`?__bps=1` on a 226 kB script: 63 hours) and up to DRIBBLE_HELD_BYTES of its body, and
 * anyone who can reach the app can ask for one, token or not. Past the cap the request gets a 503 at
 * once rather than a place in a queue: a queue would hold the same sockets, would need a cap of its
 * own, and would look to the client like one more slow response; a 503 says what happened.
 */
/**
 * Browsers open at most 6 connections per host, so a test run with a few workers and pages slows
 * dozens of responses at most; 100 leaves room for that and bounds what the bodies hold to
 * 100 × (64 KiB held + one 64 KiB chunk) ≈ 13 MB.
 */
export const MAX_SLOWED_RESPONSES = 100;

export class SlowedResponses {
  #open = 0;

  /**
   * Counts one more slowed response and returns what uncounts it (once, when its response closes);
   * null, counting nothing, when the cap is reached.
   */
  admit(): (() => void) | null {
    if (this.#open >= MAX_SLOWED_RESPONSES) return null;
    this.#open++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#open--;
    };
  }
}
