/**
 * How much pattern matching one request may cost, counted before each test runs, so that no request
 * holds the server for more than a few ms however long its path or headers and however many regex
 * faults there are. A regex within both caps of linearRegex.ts, `a[ab]{240}[^ab]`, took 0.8 s on a
 * 16,000-character path, and 30 of them 30 s, every other request waiting behind it.
 *
 * A step is one regex instruction against one character, the unit a match costs at worst (RE2JS
 * steps every live instruction once a character).
 */

/**
 * 1–2 ms a request: a 244-instruction pattern on 200 random `a`s and `b`s (48,800 steps) took 1.2 ms,
 * while at 400 (97,600) its state cache overflowed and it took 6–34 ms. Ample for what tests ask: a
 * 17-instruction path regex on a 60-character path is 1,020 steps, so about fifty of them fit.
 */
export const MAX_REQUEST_MATCH_STEPS = 50_000;

/**
 * What body patterns may cost one request, on top: a body is longer than a path, so a 12-instruction
 * pattern over a whole 16 kB body (keptBody.ts) fits; about 5 ms at the rate above.
 */
export const MAX_BODY_MATCH_STEPS = 200_000;

/**
 * A glob is charged one step per `*`-separated piece and path character, a string search along the
 * path, over GLOB_STEPS_PER_STEP. The worst 200-character globs found (`/**` + `/**a` × 49 on
 * `/a/a/…`) took 1.5 ms on 2,000 characters, where a regex step costs tens of ns, so seven count as
 * one regex step. A thousand `/app/pages/*` faults on a 60-character path cost about 18,000.
 */
export const GLOB_STEPS_PER_STEP = 7;

export class MatchBudgetExceeded extends Error {}

export class MatchBudget {
  #left: number;

  constructor(steps = MAX_REQUEST_MATCH_STEPS) {
    this.#left = steps;
  }

  /** Takes `steps` before the test that costs them; throws MatchBudgetExceeded, taking nothing, when they are not left. */
  charge(steps: number): void {
    if (steps > this.#left) throw new MatchBudgetExceeded(`matching would take more than the ${MAX_REQUEST_MATCH_STEPS} steps a request may cost`);
    this.#left -= steps;
  }
}
