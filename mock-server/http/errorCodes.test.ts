import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { kitPath } from "../../kit/kitPaths.ts";
import { ERROR_CODES } from "./errorCodes.ts";

/** The rows of the table in README.md's "Error codes" section, as [code, status, when]. */
function readmeRows(): string[][] {
  const readme = readFileSync(kitPath("README.md"), "utf8");
  const start = readme.indexOf("\n#### Error codes\n");
  const end = readme.indexOf("\n#", start + 1);
  return readme
    .slice(start, end)
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) =>
      line
        .slice(1, -1)
        .split(" | ")
        .map((cell) => cell.trim()),
    );
}

test("README's table of error codes lists the codes of ERROR_CODES in order, each with its status and when", () => {
  const expected = Object.entries(ERROR_CODES).map(([code, { status, when }]) => [`\`${code}\``, String(status), when]);
  expect(readmeRows()).toEqual(expected);
});
