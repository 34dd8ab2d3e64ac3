/**
 * Fault path globs: the same answers as the regex they replaced on every accepted
 * pattern, and an answer in time for paths crafted to make that regex backtrack, up to 16 kB.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { compileGlob, globProblem } from "./pathGlob.ts";

/** The bar: at least 1000 generated inputs per property. */
const RUNS = 1_000;
/** The regex took 6 s and forever on the two inputs; the matcher takes under 1 ms. Room for a busy machine. */
const ATTACK_BUDGET_MS = 200;
/** One match of a path up to 16 kB takes under 1 ms; a GC pause fits in the rest. */
const MATCH_BUDGET_MS = 100;
/** A child loads tsx in about 0.4 s; one that has not answered by then never will (the regex had not after a minute). */
const CHILD_DEADLINE_MS = 10_000;
/** The longest path Node lets through: its request line and headers share a 16 KiB limit. */
const MAX_PATH = 16_384;
/** Generating and matching 1000 paths of up to 16 kB takes about 1 s on a quiet 2-core machine. */
const PROPERTY_TIMEOUT_MS = 30_000;

/** The backtracking regex implementation pathGlob.ts replaced, kept here as the oracle for what a pattern means. */
function regexGlob(pattern: string): (path: string) => boolean {
  const source = pattern
    .split(/(\*\*|\*)/)
    .map((part) => (part === "**" ? ".*" : part === "*" ? "[^/]*" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  const regex = new RegExp(`^${source}$`);
  return (path) => regex.test(path);
}

/** A path `pattern` matches: each `**` replaced by a filler, each `*` by a filler without its '/'s. */
function fill(pattern: string, fillers: readonly string[]): string {
  let next = 0;
  const filler = () => fillers[next++ % fillers.length] ?? "";
  return pattern
    .split(/(\*\*|\*)/)
    .map((part) => (part === "**" ? filler() : part === "*" ? filler().replaceAll("/", "") : part))
    .join("");
}

function timed(matches: (path: string) => boolean, path: string): { matched: boolean; ms: number } {
  const started = performance.now();
  const matched = matches(path);
  return { matched, ms: performance.now() - started };
}

const PATH_GLOB = fileURLToPath(new URL("./pathGlob.ts", import.meta.url));

/**
 * One match timed in a child killed at CHILD_DEADLINE_MS, or null when it did not answer by then: a
 * match that never returns would block this process, and the test's own timeout with it.
 */
function timedInChild(pattern: string, path: string): { matched: boolean; ms: number } | null {
  const code = `import { compileGlob } from ${JSON.stringify(PATH_GLOB)};
    const matches = compileGlob(${JSON.stringify(pattern)});
    const started = performance.now();
    const matched = matches(${JSON.stringify(path)});
    console.log(JSON.stringify({ matched, ms: performance.now() - started }));`;
  const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "--eval", code], {
    encoding: "utf8",
    timeout: CHILD_DEADLINE_MS,
    killSignal: "SIGKILL",
  });
  return child.status === 0 ? (JSON.parse(child.stdout) as { matched: boolean; ms: number }) : null;
}

const PATH_CHARS = ["/", "a", "b", "-", "."] as const;
const acceptedPattern = fc
  .string({ unit: fc.constantFrom(...PATH_CHARS, "*"), maxLength: 12 })
  .map((rest) => `/${rest}`)
  .filter((pattern) => globProblem(pattern) === null);
const shortText = fc.string({ unit: fc.constantFrom(...PATH_CHARS, "*"), maxLength: 16 });
const longText = (maxLength: number) => fc.string({ unit: fc.constantFrom(...PATH_CHARS), maxLength, size: "max" });
/** Random text, or one character over and over: the runs a backtracking matcher chokes on. */
const longPath = fc.oneof(
  longText(MAX_PATH),
  fc.tuple(fc.constantFrom(...PATH_CHARS), fc.nat(MAX_PATH)).map(([char, length]) => char.repeat(length)),
);

describe("what a pattern matches", () => {
  test("`/app/**` matches `/app/` and `/app/a/b` but not `/app`", () => {
    const matches = compileGlob("/app/**");
    expect([matches("/app/"), matches("/app/a/b"), matches("/app")]).toEqual([true, true, false]);
  });

  test("`*` stays within a segment: `/app/*.js` matches `/app/a.js`, not `/app/a/b.js`", () => {
    const matches = compileGlob("/app/*.js");
    expect([matches("/app/a.js"), matches("/app/.js"), matches("/app/a/b.js")]).toEqual([true, true, false]);
  });

  test("`**` inside a segment crosses segments: `/app/**.js` matches `/app/a/b.js` and `/app/.js`", () => {
    const matches = compileGlob("/app/**.js");
    expect([matches("/app/a/b.js"), matches("/app/.js"), matches("/app/a/b.css")]).toEqual([true, true, false]);
  });

  test("repeated `**` segments take a segment each: `/**/**/x` matches `///x` and `/a/b/x`, not `/a/x`", () => {
    const matches = compileGlob("/**/**/x");
    expect([matches("///x"), matches("/a/b/x"), matches("/a/b/c/x"), matches("/a/x")]).toEqual([true, true, true, false]);
  });

  test(`agrees with the regex it replaced on ${RUNS} accepted patterns`, () => {
    let matched = 0;
    fc.assert(
      fc.property(acceptedPattern, fc.array(shortText, { maxLength: 4 }), fc.array(shortText, { minLength: 1, maxLength: 8 }), (pattern, fillers, texts) => {
        const matches = compileGlob(pattern);
        const oracle = regexGlob(pattern);
        for (const path of [fill(pattern, fillers), ...texts, ...texts.map((text) => `/${text}`)]) {
          const expected = oracle(path);
          expect(matches(path), `${pattern} against ${path}`).toBe(expected);
          if (expected) matched++;
        }
      }),
      { numRuns: RUNS },
    );
    // Every filled path matches: the property compares matches, not only misses.
    expect(matched).toBeGreaterThanOrEqual(RUNS);
  });
});

describe("crafted paths answer in time", () => {
  test(`\`/app/*-*-*-*.js\` answers \`/app/\` + 400 '-' within ${ATTACK_BUDGET_MS} ms (the regex took 6 s)`, () => {
    const { matched, ms } = timed(compileGlob("/app/*-*-*-*.js"), `/app/${"-".repeat(400)}`);
    expect(matched).toBe(false);
    expect(ms).toBeLessThan(ATTACK_BUDGET_MS);
  });

  test(
    `\`/**\` × 50 + \`/x\` answers a 128-character path within ${ATTACK_BUDGET_MS} ms (the regex never did)`,
    () => {
      const answer = timedInChild(`${"/**".repeat(50)}/x`, "/a".repeat(64));
      expect(answer, `no answer within ${CHILD_DEADLINE_MS} ms`).not.toBeNull();
      expect(answer?.matched).toBe(false);
      expect(answer?.ms).toBeLessThan(ATTACK_BUDGET_MS);
    },
    CHILD_DEADLINE_MS * 2,
  );

  test("`/**` × 50 + `/x` still needs 50 segments before `x`", () => {
    const matches = compileGlob(`${"/**".repeat(50)}/x`);
    expect([matches(`${"/a".repeat(50)}/x`), matches(`${"/a".repeat(49)}/x`)]).toEqual([true, false]);
  });

  test(
    `answers ${RUNS} accepted patterns against paths of up to 16 kB within ${MATCH_BUDGET_MS} ms each`,
    () => {
      fc.assert(
        fc.property(acceptedPattern, longPath, (pattern, path) => {
          const matches = compileGlob(pattern);
          expect(timed(matches, path).ms).toBeLessThan(MATCH_BUDGET_MS);
          expect(timed(matches, `/${path}`).ms).toBeLessThan(MATCH_BUDGET_MS);
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  test(
    `matches ${RUNS} accepted patterns filled out to paths of up to 16 kB within ${MATCH_BUDGET_MS} ms each`,
    () => {
      fc.assert(
        fc.property(acceptedPattern, fc.array(longText(MAX_PATH / 4), { minLength: 1, maxLength: 4 }), (pattern, fillers) => {
          const { matched, ms } = timed(compileGlob(pattern), fill(pattern, fillers));
          expect(matched).toBe(true);
          expect(ms).toBeLessThan(MATCH_BUDGET_MS);
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
