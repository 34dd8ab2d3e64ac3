/**
 * How much pattern matching one request may cost, counted before each test runs, so that no request
 * holds the server long however long its path, headers or body and however many regex faults there
 * are. A regex within both caps of linearRegex.ts, `a[ab]{240}[^ab]`, took 0.8 s on a 16,000-character
 * path, and 30 of them 30 s, every other request waiting behind it.
 * A request the budget cannot afford is not refused: it goes on as if no fault matched, and its
 * journal entry says so (`tooCostlyToMatch`), for a fault server must not fail an app's own requests.
 *
 * A step is one regex instruction against one character, the unit a match costs at worst (RE2JS
 * steps every live instruction once a character).
 */
import { maxHeaderSize } from "node:http";
import { MAX_KEPT_BODY_BYTES } from "../http/keptBody.ts";
import { MAX_REGEX_PROGRAM } from "./linearRegex.ts";

/**
 * What the path, query and headers may cost one request: one test of the largest pattern a fault may
 * have (MAX_REGEX_PROGRAM, 250 instructions) over the largest head Node reads (`maxHeaderSize`,
 * 16 KiB), about 4.1 million steps. So any one fault can test any value a real app sends (a 4 kB
 * cookie under a 42-instruction `session=[0-9a-f]{32}` is 172,000 steps; 50,000 made that a 414)
 * and the budget only runs out across many costly faults. Its worst, measured on a 2-core machine:
 * 60–126 ms for patterns built to defeat RE2JS's state cache (`a[ab]{240}[^ab]`, `.{248}`) over
 * 16,384 `a`s and `b`s, where `session=[0-9a-f]{32}` and `"op":\s*"add"` take 0.1–0.5 ms on 4–16 kB.
 */
export const MAX_REQUEST_MATCH_STEPS = MAX_REGEX_PROGRAM * maxHeaderSize;

/**
 * What body patterns may cost one request, on top: the largest pattern over all of a body that
 * body matching reads (MAX_KEPT_BODY_BYTES, 16 kB), the same 4.1 million steps and the same worst.
 * A 16 kB JSON POST under `"op":\s*"add"` (14 instructions) is 229,000 steps; 200,000 made it a 414.
 */
export const MAX_BODY_MATCH_STEPS = MAX_REGEX_PROGRAM * MAX_KEPT_BODY_BYTES;

/**
 * A glob is charged the most characters its match can read (globCostUnits in pathGlob.ts: one per
 * `*`-separated piece and `/`, twice, times the path's and pattern's length) over GLOB_STEPS_PER_STEP. A
 * character read by a string search costs a few ns where a regex step costs tens, so seven count as
 * one regex step. A thousand `/app/pages/*` faults on a 60-character path cost about 103,000.
 */
export const GLOB_STEPS_PER_STEP = 7;

export class MatchBudgetExceeded extends Error {}

export class MatchBudget {
  readonly #steps: number;
  #left: number;

  constructor(steps = MAX_REQUEST_MATCH_STEPS) {
    this.#steps = steps;
    this.#left = steps;
  }

  /** Takes `steps` before the test that costs them; throws MatchBudgetExceeded, taking nothing, when they are not left. */
  charge(steps: number): void {
    if (steps > this.#left) throw new MatchBudgetExceeded(`matching would take more than the ${this.#steps} steps a request may cost`);
    this.#left -= steps;
  }
}
