/**
 * Fault path globs: the same answers as the regex they replaced on every accepted
 * pattern, and a match that reads a bounded number of characters, linear in the path, for paths
 * crafted to make that regex backtrack, up to 16 kB.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { compileGlob, globCostUnits, globProblem } from "./pathGlob.ts";

/** The bar: at least 1000 generated inputs per property. */
const RUNS = 1_000;
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

const PATH_GLOB = fileURLToPath(new URL("./pathGlob.ts", import.meta.url));

/**
 * One match run in a child killed at CHILD_DEADLINE_MS, or null when it did not answer by then: a
 * match that never returns would block this process, and the test's own timeout with it.
 */
function matchedInChild(pattern: string, path: string): { matched: boolean; chars: number } | null {
  const code = `import { compileGlob } from ${JSON.stringify(PATH_GLOB)};
    const meter = { chars: 0 };
    const matched = compileGlob(${JSON.stringify(pattern)})(${JSON.stringify(path)}, undefined, meter);
    console.log(JSON.stringify({ matched, chars: meter.chars }));`;
  const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "--eval", code], {
    encoding: "utf8",
    timeout: CHILD_DEADLINE_MS,
    killSignal: "SIGKILL",
  });
  return child.status === 0 ? (JSON.parse(child.stdout) as { matched: boolean; chars: number }) : null;
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

/** Characters a match read, and whether it matched. */
function counted(pattern: string, path: string): { matched: boolean; chars: number } {
  const meter = { chars: 0 };
  const matched = compileGlob(pattern)(path, undefined, meter);
  return { matched, chars: meter.chars };
}

/** What globCostUnits promises: a match reads at most this many characters. */
const bound = (pattern: string, path: string) => globCostUnits(pattern) * (path.length + pattern.length);

// Counted, not timed: a clock depends on the machine's load (a 14 ms match took 102 ms on a busy CI
// machine), a count of the characters read does not, and it is what makes the time linear.
describe("crafted paths are answered in time linear in the path", () => {
  test("`/app/*-*-*-*.js` reads `/app/` + 400 '-' within its bound (the regex took 6 s)", () => {
    const path = `/app/${"-".repeat(400)}`;
    const { matched, chars } = counted("/app/*-*-*-*.js", path);
    expect(matched).toBe(false);
    expect(chars).toBeLessThanOrEqual(bound("/app/*-*-*-*.js", path));
  });

  test(
    `\`/**\` × 50 + \`/x\` answers a 128-character path at all (the regex never did)`,
    () => {
      const answer = matchedInChild(`${"/**".repeat(50)}/x`, "/a".repeat(64));
      expect(answer, `no answer within ${CHILD_DEADLINE_MS} ms`).not.toBeNull();
      expect(answer?.matched).toBe(false);
      expect(answer?.chars).toBeLessThanOrEqual(bound(`${"/**".repeat(50)}/x`, "/a".repeat(64)));
    },
    CHILD_DEADLINE_MS * 2,
  );

  test("`/**` × 50 + `/x` still needs 50 segments before `x`", () => {
    const matches = compileGlob(`${"/**".repeat(50)}/x`);
    expect([matches(`${"/a".repeat(50)}/x`), matches(`${"/a".repeat(49)}/x`)]).toEqual([true, false]);
  });

  test(
    `reads at most its bound for ${RUNS} accepted patterns against paths of up to 16 kB`,
    () => {
      fc.assert(
        fc.property(acceptedPattern, longPath, (pattern, path) => {
          for (const text of [path, `/${path}`]) expect(counted(pattern, text).chars).toBeLessThanOrEqual(bound(pattern, text));
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  test(
    `matches ${RUNS} accepted patterns filled out to paths of up to 16 kB, reading at most its bound`,
    () => {
      fc.assert(
        fc.property(acceptedPattern, fc.array(longText(MAX_PATH / 4), { minLength: 1, maxLength: 4 }), (pattern, fillers) => {
          const path = fill(pattern, fillers);
          const { matched, chars } = counted(pattern, path);
          expect(matched).toBe(true);
          expect(chars).toBeLessThanOrEqual(bound(pattern, path));
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  test("a part between `**` tried from every segment is charged for every pattern segment it reads", () => {
    // 5 pieces but 62 segments, tried from each of 8,000 segments: charged by pieces alone, it read 19 times its charge.
    const pattern = `/**${"/a".repeat(60)}/b/**`;
    const path = "/a".repeat(8_000);
    const { matched, chars } = counted(pattern, path);
    expect(matched).toBe(false);
    expect(chars).toBeGreaterThan(60 * path.length);
    expect(chars).toBeLessThanOrEqual(bound(pattern, path));
  });
});
