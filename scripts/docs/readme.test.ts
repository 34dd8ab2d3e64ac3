/**
 * The README is a newcomer's first five minutes and the way into docs/: it stays short, says how to
 * check an app on its first screen, and every link in it, and in the docs pages, leads somewhere.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, test } from "vitest";
import { KIT_ROOT, kitPath } from "../../kit/kitPaths.ts";
import { anchors, codeBlocks, headings, links } from "./markdown.ts";

const README = kitPath("README.md");
const readme = readFileSync(README, "utf8");

/** The most lines the README may have: about two screens and a half, read in five minutes. */
const MAX_README_LINES = 250;
/** "Check your app" must start within the README's first screen, about this many lines on GitHub. */
const FIRST_SCREEN_LINES = 40;

/** The Markdown files whose links are followed: the README and every page of docs/. */
const pages = [README, ...readdirSync(kitPath("docs")).flatMap((name) => (name.endsWith(".md") ? [kitPath("docs", name)] : []))];

/** Why a link from `file` leads nowhere, or null when it leads to a file, a folder or an anchor that exists. */
function deadLinkProblem(file: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // https:, mailto:: not followed (no network here)
  const [path = "", anchor] = target.split("#", 2);
  const resolved = path === "" ? file : join(dirname(file), decodeURIComponent(path));
  if (!existsSync(resolved)) return `${relative(KIT_ROOT, resolved)} does not exist`;
  if (anchor === undefined || anchor === "") return null;
  if (!resolved.endsWith(".md") || !statSync(resolved).isFile()) return /^L\d+(-L\d+)?$/.test(anchor) ? null : `#${anchor} names no line of a file`;
  return anchors(readFileSync(resolved, "utf8")).has(anchor) ? null : `${relative(KIT_ROOT, resolved)} has no heading whose anchor is #${anchor}`;
}

describe("README.md", () => {
  test(`fits in ${MAX_README_LINES} lines`, () => {
    expect(readme.trimEnd().split("\n").length).toBeLessThanOrEqual(MAX_README_LINES);
  });

  test(`starts "Check your app" within its first ${FIRST_SCREEN_LINES} lines`, () => {
    const check = headings(readme).find((heading) => heading.level === 2 && heading.text === "Check your app");
    expect(check?.line).toBeLessThanOrEqual(FIRST_SCREEN_LINES);
  });

  test("gives the two set-up commands, npm start and npm test, each with how long it takes", () => {
    const commands = codeBlocks(readme, "sh").flatMap((block) => block.split("\n"));
    for (const command of ["npm start", "npm test"])
      expect(
        commands.find((line) => line.startsWith(`${command} `)),
        command,
      ).toMatch(/#.*\babout [\d–]+ (s|minutes)\b/);
  });

  test("links every page of docs/", () => {
    const linked = new Set(links(readme).map(({ target }) => target.split("#")[0]));
    const unlinked = pages.filter((page) => page !== README && !linked.has(relative(KIT_ROOT, page)));
    expect(unlinked.map((page) => relative(KIT_ROOT, page))).toEqual([]);
  });
});

describe.each(pages.map((page) => [relative(KIT_ROOT, page), page]))("%s", (_name, page) => {
  test("every relative link leads to a file that exists, and its #anchor to a heading there", () => {
    const problems = links(readFileSync(page, "utf8")).flatMap(({ target, line }) => {
      const problem = deadLinkProblem(page, target);
      return problem === null ? [] : [`line ${line}: (${target}): ${problem}`];
    });
    expect(problems).toEqual([]);
  });
});
