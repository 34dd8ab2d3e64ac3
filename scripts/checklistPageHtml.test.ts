import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { parseChecklist } from "../cli/report/checklist.ts";
import { clauseAnchor } from "../kit/clauseId.ts";
import { KIT_ROOT, kitPath } from "../kit/kitPaths.ts";
import { checklistPageHtml } from "./checklistPageHtml.ts";
import { STACK_RECORDS } from "./exampleApps/stackRecords.ts";

const page = checklistPageHtml(KIT_ROOT);
const ids = [...page.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]);
const clauses = parseChecklist(readFileSync(kitPath("docs", "conformance.md"), "utf8"));

test("docs/conformance.md's page has an anchor for every clause and for each of its levels, each once", () => {
  // Every clause heading of the checklist, counted without its parser.
  expect(clauses).toHaveLength(readFileSync(kitPath("docs", "conformance.md"), "utf8").match(/^### [A-Z]+-\d+ — /gm)?.length ?? 0);
  const wanted = clauses.flatMap(({ id }) => [clauseAnchor(id), clauseAnchor(id, "required"), clauseAnchor(id, "recommended")]);
  expect(wanted.filter((anchor) => ids.filter((id) => id === anchor).length !== 1)).toEqual([]);
  expect(new Set(ids).size).toBe(ids.length);
});

test("every link on the page is absolute or an anchor the page has", () => {
  const hrefs = [...page.matchAll(/ href="([^"]+)"/g)].map((match) => match[1] ?? "");
  expect(hrefs.filter((href) => !/^https:\/\//.test(href) && !(href.startsWith("#") && ids.includes(href.slice(1))))).toEqual([]);
});

test("every clause shows a row for each stack the example apps' records cover", () => {
  const rows = [...page.matchAll(/<tr><td><a href="[^"]+">([^<]+)<\/a><\/td><td class="([a-z-]+)">/g)];
  expect(rows).toHaveLength(clauses.length * STACK_RECORDS.length);
  expect(page).not.toContain("not recorded");
});
