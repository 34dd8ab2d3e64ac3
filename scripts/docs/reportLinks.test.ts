/**
 * The Markdown report (a GitHub job summary) links each clause to its heading in docs/conformance.md
 * on GitHub: each of those anchors must be one GitHub gives the checklist's headings.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { parseChecklist } from "../../cli/report/checklist.ts";
import { onGitHub } from "../../cli/report/checklistLinks.ts";
import { kitPath } from "../../kit/kitPaths.ts";
import { kitFileOnGitHub } from "../../kit/kitRepository.ts";
import { anchors } from "./markdown.ts";

test("every clause's link from the Markdown report names a heading of docs/conformance.md", () => {
  const markdown = readFileSync(kitPath("docs", "conformance.md"), "utf8");
  const headings = anchors(markdown);
  const links = parseChecklist(markdown).map(({ id, title }) => onGitHub(id, title));
  // Every clause heading of the checklist, counted without its parser.
  expect(links).toHaveLength(markdown.match(/^### [A-Z]+-\d+ — /gm)?.length ?? 0);
  const page = `${kitFileOnGitHub("docs/conformance.md")}#`;
  expect(links.filter((link) => !link.startsWith(page) || !headings.has(link.slice(page.length)))).toEqual([]);
});
