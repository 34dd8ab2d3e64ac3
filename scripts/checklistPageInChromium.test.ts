/**
 * The checklist page and a report's links to it, as a person meets them in Chromium: the page the
 * mock server serves at /__mock/checklist has an anchor for every clause and each of its levels,
 * and every clause row of a conformance.html opened from its folder (file://) leads to an anchor
 * the copy of the page beside it has. The page is this repository's, made as `npm run build` makes it.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Browser, chromium, type Page } from "@playwright/test";
import { afterAll, beforeAll, expect, test } from "vitest";
import { parseChecklist } from "../cli/report/checklist.ts";
import { copyChecklistPage, onChecklistPage } from "../cli/report/checklistLinks.ts";
import { verdictHtml } from "../cli/report/verdictHtml.ts";
import { clauseVerdicts, type TestOutcome } from "../cli/report/verdicts.ts";
import { CHROMIUM_ARGS, findChromium } from "../kit/chromium.mjs";
import { clauseAnchor } from "../kit/clauseId.ts";
import { CHECKLIST_PAGE, KIT_ROOT, kitPath } from "../kit/kitPaths.ts";
import { startMock } from "../mock-server/testing/startMock.ts";
import { checklistPageHtml } from "./checklistPageHtml.ts";

/** Launching Chromium and loading a 120 kB page twice, on a busy 2-core machine. */
const BROWSER_TEST_TIMEOUT_MS = 60_000;

const clauses = parseChecklist(readFileSync(kitPath("docs", "conformance.md"), "utf8"));
let browser: Browser;
let folder: string;

beforeAll(async () => {
  const found = findChromium();
  if (found === undefined)
    throw new Error(
      "Failed to find a Chromium to open the checklist page in: install one (apt-get install -y chromium-headless-shell, or npx playwright install chromium) or set PCK_CHROMIUM.",
    );
  browser = await chromium.launch({ args: CHROMIUM_ARGS, ...(found.executablePath ? { executablePath: found.executablePath } : {}) });
  folder = mkdtempSync(join(tmpdir(), "pck-checklist-page-"));
}, BROWSER_TEST_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Every element id of the page, once loaded. */
function idsOf(page: Page): Promise<string[]> {
  return page.locator("[id]").evaluateAll((elements) => elements.map((element) => element.id));
}

test(
  "GET /__mock/checklist shows every clause with its anchor and one for each level, styled, every anchor link leading somewhere",
  async () => {
    const { origin, distDir } = await startMock();
    writeFileSync(join(distDir, CHECKLIST_PAGE), checklistPageHtml(KIT_ROOT));
    const page = await browser.newPage();
    const response = await page.goto(`${origin}/__mock/checklist`);
    expect(response?.status()).toBe(200);
    const ids = new Set(await idsOf(page));
    const wanted = clauses.flatMap(({ id }) => [clauseAnchor(id), clauseAnchor(id, "required"), clauseAnchor(id, "recommended")]);
    expect(wanted.filter((anchor) => !ids.has(anchor))).toEqual([]);
    const fragments = await page.locator('a[href^="#"]').evaluateAll((links) => links.map((link) => link.getAttribute("href")?.slice(1) ?? ""));
    expect(fragments.length).toBeGreaterThan(clauses.length);
    expect(fragments.filter((fragment) => !ids.has(fragment))).toEqual([]);
    // The server's CSP lets the page's own inline styles through, and nothing else.
    expect(await page.locator(`#${clauseAnchor("NAV-3")}`).evaluate((element) => getComputedStyle(element).borderTopStyle)).toBe("solid");
    await page.close();
  },
  BROWSER_TEST_TIMEOUT_MS,
);

test(
  "every clause row of a report opened from its folder links to the clause on the page beside it, and each verdict to its rule",
  async () => {
    const source = join(folder, "built.html");
    writeFileSync(source, checklistPageHtml(KIT_ROOT));
    const report = join(folder, "report");
    rmSync(report, { recursive: true, force: true });
    mkdirSync(report);
    expect(copyChecklistPage(report, source)).toBe(true);
    // A required test passed and a recommended one failed for every clause: every verdict cell and failure links.
    const outcomes: TestOutcome[] = clauses.flatMap(({ id }) => [
      { title: `${id} holds`, file: "specs/x.spec.ts", level: "required", outcome: "passed" },
      { title: `${id} stricter`, file: "specs/x.spec.ts", level: "recommended", outcome: "failed", detail: "expected more" },
    ]);
    writeFileSync(
      join(report, "conformance.html"),
      verdictHtml("http://app", clauseVerdicts(clauses, outcomes), "required", "html/index.html", [], undefined, onChecklistPage),
    );

    const checklist = await browser.newPage();
    await checklist.goto(pathToFileURL(join(report, CHECKLIST_PAGE)).href);
    const ids = new Set(await idsOf(checklist));
    await checklist.close();

    const page = await browser.newPage();
    await page.goto(pathToFileURL(join(report, "conformance.html")).href);
    const rows = await page
      .locator("tbody tr")
      .locator("td:first-child")
      .evaluateAll((cells) => cells.map((cell) => ({ id: cell.textContent ?? "", href: cell.querySelector("a")?.getAttribute("href") ?? null })));
    expect(rows).toEqual(clauses.map(({ id }) => ({ id, href: `${CHECKLIST_PAGE}#${clauseAnchor(id)}` })));
    const links = await page.locator(`a[href^="${CHECKLIST_PAGE}#"]`).evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
    expect(links.length).toBeGreaterThan(clauses.length * 3);
    expect(links.filter((href) => !ids.has(href.slice(href.indexOf("#") + 1)))).toEqual([]);

    // Followed, a row's link opens the page at its clause, from file:// as from a server.
    await page.locator("tbody tr").nth(4).locator("a").first().click();
    await page.waitForURL(/checklist\.html#/);
    expect(await page.evaluate(() => document.querySelector(":target")?.id)).toBe(clauseAnchor(clauses[4]?.id ?? ""));
    await page.close();
  },
  BROWSER_TEST_TIMEOUT_MS,
);
