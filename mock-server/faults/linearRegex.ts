/**
 * The regular expressions of faults (a `{"regex"}` path, a `{"pattern"}` for a query parameter or a
 * header), in RE2 syntax and run by RE2JS, whose matching time is linear in the text. V8's own
 * RegExp backtracks: `^(a+)+$` took 5.9 s on 26 `a`s and a `!`, and `^.*.*.*.*x$` had not answered
 * a 16 kB path after 2 minutes, each time with every request of the server stuck behind
 * it. No length cap prevents that (the first is 7 characters), so the engine is what guards.
 *
 * Linear is not free: a match costs about the text's length times the program's size (`.{1000}.{1000}`
 * is 2,002 instructions and took 0.6 s on 16 kB, the most Node lets a request's headers be). Hence
 * two caps, MAX_REGEX_LENGTH and MAX_REGEX_PROGRAM, each with its reason, and a budget per request
 * that each test draws on (matchBudget.ts).
 */
import { RE2JS, RE2Set } from "re2js";
import type { MatchBudget } from "./matchBudget.ts";

/** Characters in a pattern: it reads on one line, and compiling stays a few ms (500 `x`s: 10 ms). */
export const MAX_REGEX_LENGTH = 200;

/**
 * Instructions in the compiled program, about one per character or repetition: `^/app/pages/\d+$`
 * is 17, a UUID's pattern 40, 200 literal characters 202. An unanchored search runs up to one
 * thread per instruction, so this bounds a match: `.{248}` (250) took 20 ms on 16 kB, `.{1000}.{1000}`
 * 0.6 s.
 */
export const MAX_REGEX_PROGRAM = 250;

/**
 * The cache of states RE2JS's matcher builds as it goes, per instruction of the pattern. Its default
 * is 8 MB a pattern whatever its size, about 20 MB of heap once an adversarial path filled it, kept
 * for as long as the fault; 1 KiB an instruction caps a 250-instruction pattern at 250 KiB, and the
 * matcher starts its cache afresh when it is full (a 2,000-character adversarial path: 10–17 ms
 * with 256 KiB against 14–30 ms with 8 MB).
 */
export const REGEX_CACHE_BYTES_PER_INSTRUCTION = 1_024;

/** Whether `text` holds a match; `budget`, when given, pays for it first (matchBudget.ts). */
export type TextTest = (text: string, budget?: MatchBudget) => boolean;

/** A compiled pattern, or why `source` cannot be one (a rule to show after the field's name). */
export function compileRegex(source: string): { test: TextTest } | { problem: string } {
  if (source.length > MAX_REGEX_LENGTH) return { problem: `must be at most ${MAX_REGEX_LENGTH} characters, got ${source.length}` };
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(source);
  } catch (error) {
    // RE2JS says "error parsing regexp: missing closing ): `(`"; lookarounds and backreferences land here too.
    const reason = (error as Error).message.replace(/^error parsing regexp: /, "");
    return { problem: `is not a valid RE2 regular expression: ${reason} (RE2 has no lookarounds or backreferences)` };
  }
  const size = compiled.programSize();
  if (size > MAX_REGEX_PROGRAM) {
    return {
      problem: `compiles to ${size} instructions, more than ${MAX_REGEX_PROGRAM}; a large repeat such as {1000} costs one per repetition, so shorten it`,
    };
  }
  // An RE2Set of one pattern is the matcher whose state cache can be given a size.
  const matcher = new RE2Set(RE2Set.UNANCHORED, 0, size * REGEX_CACHE_BYTES_PER_INSTRUCTION);
  matcher.add(source);
  matcher.compile();
  return {
    test: (text, budget) => {
      budget?.charge(size * Math.max(1, text.length));
      return matcher.match(text).length > 0;
    },
  };
}
