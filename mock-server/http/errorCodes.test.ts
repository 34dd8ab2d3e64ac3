import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { kitPath } from "../../kit/kitPaths.ts";
import { ERROR_CODES } from "./errorCodes.ts";

/** The rows of the table in docs/mock-server.md's "Error codes" section, as [code, status, when]. */
function docRows(): string[][] {
  const doc = readFileSync(kitPath("docs", "mock-server.md"), "utf8");
  const start = doc.indexOf("\n### Error codes\n");
  const end = doc.indexOf("\n#", start + 1);
  expect(start, "docs/mock-server.md has a '### Error codes' heading").toBeGreaterThan(-1);
  return doc
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

test("docs/mock-server.md's table of error codes lists the codes of ERROR_CODES in order, each with its status and when", () => {
  const expected = Object.entries(ERROR_CODES).map(([code, { status, when }]) => [`\`${code}\``, String(status), when]);
  expect(docRows()).toEqual(expected);
});
