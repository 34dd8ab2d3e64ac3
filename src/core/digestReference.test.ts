import { describe, expect, test } from "vitest";
import { errorDigest, stringHash } from "./digest.ts";

/**
 * The `string-hash` npm algorithm written out independently, in BigInt arithmetic: start at 5381 and,
 * from the last UTF-16 code unit to the first, multiply by 33 modulo 2^32 and XOR in the unit.
 */
function referenceHash(text: string): number {
  const MOD = 2n ** 32n;
  let hash = 5381n;
  for (let i = text.length - 1; i >= 0; i--) {
    hash = ((hash * 33n) % MOD) ^ BigInt(text.charCodeAt(i));
  }
  return Number(hash);
}

const LONG_UNICODE = "Ünïcödé ✓ 日本語 🚀 ".repeat(50);

describe("stringHash", () => {
  test("hashes '' to the seed 5381", () => {
    expect(stringHash("")).toBe(5381);
  });

  test("hashes 'a' to (5381 × 33) XOR 97 = 177604", () => {
    expect(stringHash("a")).toBe(177_604);
  });

  for (const text of ["", "a", "hello world", LONG_UNICODE]) {
    test(`matches the string-hash algorithm for ${JSON.stringify(text.slice(0, 20))} (${text.length} code units)`, () => {
      expect(stringHash(text)).toBe(referenceHash(text));
    });
  }

  test("returns an unsigned 32-bit integer for a long string", () => {
    const hash = stringHash(LONG_UNICODE);
    expect(Number.isInteger(hash) && hash >= 0 && hash < 2 ** 32).toBe(true);
  });
});

describe("errorDigest", () => {
  const error = { message: "Injected server-side exception", stack: "Error: Injected server-side exception\n    at somewhere" };

  test("ERR-4 is deterministic for the same message and stack", () => {
    expect(errorDigest({ ...error })).toBe(errorDigest(error));
  });

  test("ERR-4 is the decimal string of an unsigned 32-bit integer", () => {
    const digest = errorDigest(error);
    expect(digest).toMatch(/^(0|[1-9]\d*)$/);
    expect(Number(digest)).toBeLessThan(2 ** 32);
  });

  test("ERR-4 hashes message + stack, as Next.js does", () => {
    expect(errorDigest(error)).toBe(String(referenceHash(error.message + error.stack)));
  });

  test("ERR-4 hashes the message alone when there is no stack", () => {
    expect(errorDigest({ message: "boom" })).toBe(String(referenceHash("boom")));
  });

  test("ERR-4 differs for different messages", () => {
    expect(errorDigest({ message: "first failure", stack: "at x" })).not.toBe(errorDigest({ message: "second failure", stack: "at x" }));
  });
});
