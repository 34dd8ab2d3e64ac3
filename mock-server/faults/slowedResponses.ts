/**
 * The dribbles under way at once, capped. A dribble holds its connection for as long as its rate
 * makes it (`?__bps=1` on a 226 kB script: 63 hours) and up to DRIBBLE_HELD_BYTES of its body, and
 * anyone who can reach the app can ask for one, token or not. Past the cap the request gets a 503 at
 * once rather than a place in a queue: a queue would hold the same sockets, would need a cap of its
 * own, and would look to the client like one more slow response; a 503 says what happened.
 *
 * Requests that slow themselves (`?__dribble`, `?__bps`, their `x-mock-*` headers) are counted apart
 * from the faults a test added: with one count, 100 requests of `?__bps=1` held every slot and the
 * test's own dribble fault got the 503.
 */
/**
 * Browsers open at most 6 connections per host, so a test run with a few workers and pages slows
 * dozens of responses at most; 100 leaves room for that and bounds what the bodies hold to
 * 100 × (64 KiB held + one 64 KiB chunk) ≈ 13 MB.
 */
export const MAX_SLOWED_RESPONSES = 100;

/**
 * Requests that slow themselves, on top: the shortcuts are for a person trying things by hand (a
 * browser opens at most 6 connections per host), so half as many; with them the bodies hold at most
 * 150 × 128 KiB ≈ 19 MB in all.
 */
export const MAX_REQUEST_SLOWED_RESPONSES = 50;

export class SlowedResponses {
  readonly max: number;
  #open = 0;

  constructor(max = MAX_SLOWED_RESPONSES) {
    this.max = max;
  }

  /**
   * Counts one more slowed response and returns what uncounts it (once, when its response closes);
   * null, counting nothing, when the cap is reached.
   */
  admit(): (() => void) | null {
    if (this.#open >= this.max) return null;
    this.#open++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#open--;
    };
  }
}
