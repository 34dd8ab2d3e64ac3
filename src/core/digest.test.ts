import { describe, expect, test } from "vitest";
import { errorDigest, stringHash } from "./digest.ts";

describe("stringHash", () => {
  test("ERR-4 starts from the djb2 seed, 5381, for the empty string", () => {
    expect(stringHash("")).toBe(5381);
  });

  test("ERR-4 folds each character as (hash × 33) XOR its code, from the last character to the first", () => {
    // "a": 5381 × 33 = 177573; 177573 ^ 97 = 177604.
    expect(stringHash("a")).toBe(177604);
    // "ab": 'b' first, (177573 ^ 98) = 177607; then 177607 × 33 = 5861031; 5861031 ^ 97 = 5861062.
    expect(stringHash("ab")).toBe(5861062);
    expect(stringHash("ba")).not.toBe(stringHash("ab"));
  });

  test("ERR-4 answers an unsigned 32-bit integer where the signed hash would be negative", () => {
    // The signed 32-bit hash of "hello world" is -1678075067; `>>> 0` makes it 2^32 - 1678075067.
    expect(stringHash("hello world")).toBe(2_616_892_229);
  });

  test("ERR-4 stays a whole 32-bit number for a long text", () => {
    const hash = stringHash("Error: boom\n    at somewhere (file.ts:1:1)\n".repeat(500));
    expect(Number.isInteger(hash)).toBe(true);
    expect(hash).toBeGreaterThanOrEqual(0);
    expect(hash).toBeLessThan(2 ** 32);
  });
});

describe("errorDigest", () => {
  test("ERR-4 digests the message followed by the stack, as a decimal string", () => {
    const error = { message: "boom", stack: "Error: boom\n    at fault f1" };
    expect(errorDigest(error)).toBe(String(stringHash("boomError: boom\n    at fault f1")));
    expect(errorDigest(error)).toMatch(/^\d+$/);
  });

  test("ERR-4 digests the message alone when there is no stack", () => {
    expect(errorDigest({ message: "boom" })).toBe(String(stringHash("boom")));
    expect(errorDigest({ message: "boom", stack: undefined })).toBe(String(stringHash("boom")));
  });

  test("ERR-4 gives different errors different digests and the same error the same one", () => {
    expect(errorDigest({ message: "a", stack: "s" })).toBe(errorDigest({ message: "a", stack: "s" }));
    expect(errorDigest({ message: "a", stack: "s" })).not.toBe(errorDigest({ message: "b", stack: "s" }));
  });
});
