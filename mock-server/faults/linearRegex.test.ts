/**
 * Fault regexes: RE2 semantics, a named rule for what does not compile or is too costly,
 * and an answer from RE2JS, never from V8's backtracking RegExp, on the patterns that make that one run
 * for seconds or longer.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import { compileRegex, MAX_REGEX_LENGTH, MAX_REGEX_PROGRAM } from "./linearRegex.ts";

/** The longest text a request carries: Node lets its request line and headers share 16 KiB. */
const MAX_TEXT = 16_384;

function compiled(source: string): (text: string) => boolean {
  const result = compileRegex(source);
  if ("problem" in result) throw new Error(`'${source}' did not compile: ${result.problem}`);
  return result.test;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("compileRegex", () => {
  test("searches anywhere in the text unless anchored, as RegExp.test does", () => {
    expect(compiled("pages/\\d")("/app/pages/2")).toBe(true);
    expect(compiled("^pages/\\d")("/app/pages/2")).toBe(false);
    expect(compiled("^/app/pages/\\d+$")("/app/pages/12")).toBe(true);
    expect(compiled("^/app/pages/\\d+$")("/app/pages/12/more")).toBe(false);
  });

  test("(?i) makes a pattern case-insensitive", () => {
    expect(compiled("(?i)^/APP/")("/app/x")).toBe(true);
    expect(compiled("^/APP/")("/app/x")).toBe(false);
  });

  test.for([
    ["(", "is not a valid RE2 regular expression: missing closing ): `(` (RE2 has no lookarounds or backreferences)"],
    ["(a)\\1", "is not a valid RE2 regular expression: invalid escape sequence: `\\1` (RE2 has no lookarounds or backreferences)"],
    ["(?=a)", "is not a valid RE2 regular expression: invalid or unsupported Perl syntax: `(?=` (RE2 has no lookarounds or backreferences)"],
    ["a{1001}", "is not a valid RE2 regular expression: invalid repeat count: `{1001}` (RE2 has no lookarounds or backreferences)"],
    ["x".repeat(MAX_REGEX_LENGTH + 1), `must be at most ${MAX_REGEX_LENGTH} characters, got ${MAX_REGEX_LENGTH + 1}`],
    [".{1000}", `compiles to 1002 instructions, more than ${MAX_REGEX_PROGRAM}; a large repeat such as {1000} costs one per repetition, so shorten it`],
  ] as const)("refuses %j with the rule it breaks", ([source, problem]) => {
    expect(compileRegex(source)).toEqual({ problem });
  });

  test("takes a literal pattern as long as the length limit allows", () => {
    const literal = "a".repeat(MAX_REGEX_LENGTH - 2);
    expect(compiled(`^${literal}$`)(literal)).toBe(true);
  });

  test.for([
    ["^(a+)+$", `${"a".repeat(MAX_TEXT - 1)}!`],
    ["^.*.*.*.*x$", "/".repeat(MAX_TEXT)],
    ["(a|a)*b", "a".repeat(MAX_TEXT)],
    ["^(/[a-z]+)*$", `${"/a".repeat(MAX_TEXT / 2 - 1)}/!`],
  ] as const)("answers %j on 16 kB that backtracks V8 for seconds, without V8's RegExp", ([source, text]) => {
    // Watched, not timed (V8 took 5.9 s and more than 2 min on the first two, RE2JS under 2 ms, but a
    // clock depends on the machine's load): what makes a match linear is that V8's engine never runs.
    const matches = compiled(source);
    const used = [
      vi.spyOn(RegExp.prototype, "exec"),
      vi.spyOn(RegExp.prototype, "test"),
      vi.spyOn(String.prototype, "match"),
      vi.spyOn(String.prototype, "search"),
    ];
    expect(matches(text)).toBe(false);
    for (const spy of used) expect(spy).not.toHaveBeenCalled();
  });
});
