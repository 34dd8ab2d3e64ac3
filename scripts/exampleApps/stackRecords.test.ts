import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { kitPath } from "../../kit/kitPaths.ts";
import { STACK_RECORDS } from "./stackRecords.ts";

test("lists every page of docs/ with a record's verdict table (| Clause | Required | Recommended |), so the checklist page shows each stack", () => {
  const withVerdicts = readdirSync(kitPath("docs"))
    .filter((name) => name.endsWith(".md") && /^\|\s*Clause\s*\|\s*Required\s*\|\s*Recommended\s*\|/m.test(readFileSync(kitPath("docs", name), "utf8")))
    .map((name) => `docs/${name}`);
  expect(STACK_RECORDS.map(({ record }) => record).sort()).toEqual(withVerdicts.sort());
});
