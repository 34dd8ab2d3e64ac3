import { describe, expect, test } from "vitest";
import { MAX_REGEX_LENGTH } from "../../mock-server/faults/linearRegex.ts";
import { exactPaths } from "./lazyCode.ts";

describe("exactPaths", () => {
  test("one regex for a few paths, matching them exactly", () => {
    const [regex, ...more] = exactPaths(["/app/a.js", "/app/b.1.js"]);
    expect(more).toEqual([]);
    const re = new RegExp(regex ?? "");
    expect(["/app/a.js", "/app/b.1.js"].every((path) => re.test(path))).toBe(true);
    expect(["/app/a.jsx", "/app/b11js", "/x/app/a.js"].some((path) => re.test(path))).toBe(false);
  });

  test("a page's code of many hashed chunks spreads over regexes the mock server takes, missing none", () => {
    const paths = Array.from({ length: 14 }, (_, index) => `/_app/immutable/chunks/${index}.Dk3x9Qa${index}.js`);
    const regexes = exactPaths(paths);
    expect(regexes.length).toBeGreaterThan(1);
    for (const regex of regexes) expect(regex.length).toBeLessThanOrEqual(MAX_REGEX_LENGTH);
    expect(paths.filter((path) => !regexes.some((regex) => new RegExp(regex).test(path)))).toEqual([]);
  });
});
