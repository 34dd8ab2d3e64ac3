import { writeFileSync } from "node:fs";
import { SHELL_SWITCHES } from "../mock-server/reference/shellSwitches.ts";
import { cachedUrls } from "./checks/browserState.ts";
import { bodyRows, faultForm, faultsTable, journalFilters, journalTable, openPanel, PANEL } from "./checks/controlPanel.ts";
import { documentState, markDocument } from "./checks/documentMarker.ts";
import { needs, servedReference } from "./harness/applicability.ts";
import { waitForWorkerOf } from "./harness/control.ts";
import { expect, test } from "./harness/fixtures.ts";
import { startMockServer } from "./harness/mockServerProcess.ts";

test.describe("control panel", () => {
  test("ERR-2 shows the forbidden page in the app for a 403 fault added in the panel", async ({ page, context, app, profile }) => {
    servedReference(profile, "the app's 403 page for a document fault");
    const forbidden = needs(profile.fallbacks.forbidden, "403 page (fallbacks.forbidden)");
    const target = app.pageOrAnother(1);
    await openPanel(page);
    await faultForm(page).getByLabel("Path", { exact: true }).fill(target.path);
    await faultForm(page).getByLabel("Response").selectOption("403");
    await faultForm(page).getByRole("button", { name: "Add fault" }).click();
    await expect(bodyRows(faultsTable(page))).toContainText([`${target.path}403 Forbidden`]);
    const tab = await context.newPage();
    expect((await tab.goto(target.path))?.status()).toBe(403);
    await expect(tab.getByRole("main")).toContainText(forbidden.text);
  });

  test("ERR-4 leads from the digest on the app's error page to its request in the journal", async ({ page, context, mock, app, profile, facts }) => {
    servedReference(profile, "the app's server-error page for a document fault");
    const serverError = needs(profile.fallbacks.serverError, "server-error page (fallbacks.serverError)");
    const digestSelector = needs(serverError.digest?.selector, "digest element (fallbacks.serverError.digest.selector)");
    const target = app.page(0);
    // The worker first, so its own request for the page it lands on (NAV-7) is not a second 500.
    const tab = await context.newPage();
    await tab.goto(profile.home);
    await waitForWorkerOf(tab, "controlled", facts);
    const fault = await mock.addFault({ path: target.path, status: 500, representation: "document" });
    await openPanel(page);
    await tab.goto(target.path);
    const digest = await tab.locator(digestSelector).textContent();
    expect(digest).toMatch(/^\S+$/);
    const rows = bodyRows(journalTable(page));
    // The error page loads its scripts too, so there is more than one row to filter out.
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    await page.getByRole("button", { name: `Show only requests with digest ${digest}` }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.getByRole("cell")).toHaveText([/./, "GET", target.path, "500", /^\d+$/, /./, fault.id, "completed", `${digest}`]);
    await expect(page).toHaveURL(`${PANEL}?digest=${digest}`);
  });

  test("removing a fault in the panel lets the app page load again", async ({ page, context, mock, app }) => {
    const target = app.pageOrAnother(2);
    const fault = await mock.addFault({ path: target.path, status: 404, representation: "document" });
    await openPanel(page);
    const tab = await context.newPage();
    expect((await tab.goto(target.path))?.status()).toBe(404);
    await page.getByRole("button", { name: `Remove fault ${fault.id}` }).click();
    await expect(bodyRows(faultsTable(page))).toHaveText(["No active faults."]);
    expect((await tab.goto(target.path))?.status()).toBe(200);
    await expect(app.heading(tab, target)).toHaveText(target.heading);
  });

  test("shows the server's message for an invalid fault and adds nothing", async ({ page, request, mock }) => {
    await openPanel(page);
    await faultForm(page).getByLabel("Path", { exact: true }).fill("pages/1");
    await faultForm(page).getByLabel("Times").fill("0");
    await faultForm(page).getByRole("button", { name: "Add fault" }).click();
    const refused = await request.post("/__mock/faults", { data: { path: "pages/1", status: 404, times: 0, representation: "any" } });
    expect(refused.status()).toBe(400);
    const { error } = (await refused.json()) as { error: { message: string } };
    await expect(faultForm(page).getByRole("alert")).toHaveText(error.message);
    expect(await mock.faults()).toEqual([]);
    await expect(bodyRows(faultsTable(page))).toHaveText(["No active faults."]);
  });

  test("shows a request made in another page without reloading", async ({ page, context, app }) => {
    const target = app.pageOrAnother(1);
    await openPanel(page);
    await markDocument(page, "panel");
    const tab = await context.newPage();
    await tab.goto(target.path);
    await expect(bodyRows(journalTable(page)).filter({ hasText: target.path }).first()).toBeVisible();
    expect(await documentState(page)).toEqual({ marker: "panel", leaving: false });
  });

  test("reset removes the added faults and empties the journal", async ({ page, request, mock, app }, testInfo) => {
    await mock.addFault({ path: app.page(0).path, status: 401 });
    await openPanel(page);
    // A bare request, not a page: a page would go on to register its worker and journal more. Its
    // own query tells it from a request to the same page that an earlier test's closing worker made
    // before the reset and that ended after it (seen once in ten runs against Next.js).
    const target = `${app.page(2).path}?panel-reset=${testInfo.testId}-${testInfo.repeatEachIndex}`;
    expect((await request.get(target)).status()).toBe(200);
    await expect(bodyRows(journalTable(page)).filter({ hasText: target })).toHaveCount(1);
    await page.getByRole("button", { name: "Reset the mock server" }).click();
    await expect(bodyRows(faultsTable(page))).toHaveText(["No active faults."]);
    await expect(bodyRows(journalTable(page))).toHaveText(["No requests."]);
    expect(await mock.faults()).toEqual([]);
  });

  test("deploys a new build with the option chosen, shows the deploy number, and the journal marks later requests", async ({ page, request, mock, app }) => {
    await openPanel(page);
    const deploy = page.getByRole("group", { name: "Deploy" });
    await expect(deploy).toContainText("Deploy 0: the build the server started with.");
    await deploy.getByLabel("The previous build's files answer").selectOption("keep");
    await deploy.getByRole("button", { name: "Deploy a new build" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Deployed: deploy 1." })).toBeVisible();
    await expect(deploy).toContainText("Deploy 1: the previous build's scripts and styles");
    expect(await mock.deploy({})).toMatchObject({ deploy: 2 });
    expect((await request.get(app.page(0).path)).status()).toBe(200);
    expect((await mock.journal()).at(-1)?.deploy).toBe(2);
  });

  test("links to the checklist page, which shows each clause at its anchor", async ({ page }) => {
    await openPanel(page);
    await page.getByRole("navigation", { name: "Panel" }).getByRole("link", { name: "Checklist" }).click();
    await expect(page).toHaveURL(/\/__mock\/checklist$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Conformance checklist");
    await expect(page.locator("#nav-3 h3")).toHaveText("NAV-3 — Store only real documents");
    await expect(page.locator("#nav-3-recommended")).toContainText("Recommended");
  });

  test("journals none of the panel's own requests", async ({ page, mock, app }) => {
    await openPanel(page);
    await faultForm(page).getByLabel("Path", { exact: true }).fill(app.page(0).path);
    await faultForm(page).getByRole("button", { name: "Add fault" }).click();
    await expect(bodyRows(faultsTable(page))).toContainText([app.page(0).path]);
    expect(await mock.journal()).toEqual([]);
  });

  test("shows each fault's name, given in the form or through the control API", async ({ page, mock, app }) => {
    await mock.addFault({ path: app.page(0).path, status: 404, name: "first page gone" });
    await openPanel(page);
    const form = faultForm(page);
    await form.getByLabel("Name", { exact: true }).fill("second page late");
    await form.getByLabel("Path", { exact: true }).fill(app.page(1).path);
    await form.getByLabel("Response").selectOption("none");
    await form.getByLabel("Delay (ms)").fill("100");
    await form.getByRole("button", { name: "Add fault" }).click();
    await expect(bodyRows(faultsTable(page))).toContainText([`second page late${app.page(1).path}`, `first page gone${app.page(0).path}`]);
    expect((await mock.faults()).map((fault) => fault.name)).toEqual(["first page gone", "second page late"]);
  });

  test("adds a fault with a regex path and query and header conditions, which fires only on a request that meets them all", async ({
    page,
    request,
    mock,
    app,
  }) => {
    const target = app.page(1);
    await openPanel(page);
    const form = faultForm(page);
    await form.getByLabel("Path", { exact: true }).fill(`^${target.path}$`);
    await form.getByLabel("Path is").selectOption("regex");
    await form.getByLabel("Query").fill("from present\nsort ~ ^(asc|desc)$");
    await form.getByLabel("Request headers").fill("X-Probe = on\nAuthorization absent");
    await form.getByLabel("Response").selectOption("503");
    await form.getByRole("button", { name: "Add fault" }).click();
    await expect(form.getByRole("status")).toHaveText(/^Added fault f\d+\.$/);
    const [fault] = await mock.faults();
    expect(fault).toMatchObject({
      path: { regex: `^${target.path}$` },
      query: { from: { present: true }, sort: { pattern: "^(asc|desc)$" } },
      headers: { "x-probe": "on", authorization: { absent: true } },
      status: 503,
    });
    await expect(bodyRows(faultsTable(page))).toContainText([`regex ^${target.path}$`]);
    const status = async (query: string, headers: Record<string, string>) => (await request.get(`${target.path}?${query}`, { headers })).status();
    expect(await status("from=panel&sort=asc", { "x-probe": "on" }), "every condition holds").toBe(503);
    expect(await status("from=panel&sort=up", { "x-probe": "on" }), "sort does not match its pattern").toBe(200);
    expect(await status("sort=asc", { "x-probe": "on" }), "no from parameter").toBe(200);
    expect(await status("from=panel&sort=asc", { "x-probe": "on", authorization: "Bearer x" }), "an Authorization header").toBe(200);
  });

  test("shows the scenario in force, what it set, and its faults by name", async ({ page, mock, app }) => {
    await mock.applyScenario({
      name: "late first page",
      description: "Page one answers late.",
      config: { networkTimeoutMs: 1000, reloadOnOnline: false },
      faults: [{ name: "first page late", path: app.page(0).path, delayMs: 100 }],
    });
    await openPanel(page);
    const setup = page.getByRole("region", { name: "Scenario and configuration" });
    await expect(setup).toContainText("Scenario: late first page");
    await expect(setup).toContainText("Page one answers late.");
    await expect(setup).toContainText("It set Reload when back online off; Network timeout 1000 ms, and added 1 fault.");
    await expect(setup.getByRole("switch", { name: "Reload when back online" })).not.toBeChecked();
    await expect(bodyRows(faultsTable(page))).toContainText([`first page late${app.page(0).path}`]);
    // A reset returns to what the server started with: here, no scenario.
    await page.getByRole("button", { name: "Reset the mock server" }).click();
    await expect(setup).toContainText("No scenario");
    await expect(setup.getByRole("switch", { name: "Reload when back online" })).toBeChecked();
  });

  test("switches the shell configuration with one toggle per switch the control API takes", async ({ page, mock }) => {
    await openPanel(page);
    await expect(page.getByRole("switch")).toHaveCount(SHELL_SWITCHES.length);
    const register = page.getByRole("switch", { name: "Register the worker" });
    await expect(register).toBeChecked();
    await register.click();
    await expect(register).not.toBeChecked();
    await expect.poll(async () => (await mock.config()).register).toBe(false);
    await register.click();
    await expect(register).toBeChecked();
    await expect.poll(async () => (await mock.config()).register).toBe(true);
  });

  test("filters the journal by path, method, status and fault, kept in the page URL", async ({ page, request, mock, app }, testInfo) => {
    const fault = await mock.addFault({ path: app.page(1).path, status: 404 });
    await openPanel(page);
    // Bare requests, not pages, each with this test's own query: a request an earlier test's closing
    // worker makes after the reset cannot be taken for one of them.
    const tag = `panel-filters=${testInfo.testId}-${testInfo.repeatEachIndex}`;
    const got = `${app.page(0).path}?${tag}`;
    const missing = `${app.page(1).path}?${tag}`;
    expect((await request.get(got)).status()).toBe(200);
    expect((await request.head(got)).status()).toBe(200);
    expect((await request.get(missing)).status()).toBe(404);
    const tagged = bodyRows(journalTable(page)).filter({ hasText: tag });
    await expect(tagged).toHaveCount(3);
    const filters = journalFilters(page);

    await filters.getByLabel("Status").fill("4xx");
    await expect(tagged).toHaveCount(1);
    await expect(tagged).toContainText([`GET${missing}404`]);
    await expect(page).toHaveURL(`${PANEL}?status=4xx`);

    await filters.getByLabel("Status").fill("");
    await filters.getByLabel("Fault").fill(fault.id);
    await expect(tagged).toHaveCount(1);
    await expect(tagged).toContainText([`GET${missing}404`]);

    await filters.getByLabel("Fault").fill("");
    await filters.getByLabel("Path").fill(app.page(0).path);
    await filters.getByLabel("Method").fill("HEAD");
    await expect(tagged).toHaveCount(1);
    await expect(tagged).toContainText([`HEAD${got}200`]);
    const query = `?path=${encodeURIComponent(app.page(0).path)}&method=HEAD`;
    await expect(page).toHaveURL(`${PANEL}${query}`);

    // The URL alone brings the same view back.
    await openPanel(page, query);
    await expect(filters.getByLabel("Method")).toHaveValue("HEAD");
    await expect(tagged).toHaveCount(1);
    await expect(tagged).toContainText([`HEAD${got}200`]);
    await filters.getByRole("button", { name: "Show all requests" }).click();
    await expect(tagged).toHaveCount(3);
    await expect(page).toHaveURL(PANEL);
  });

  test("shows the server's message for a journal filter it refuses, and no requests", async ({ page, request, app }) => {
    await openPanel(page);
    expect((await request.get(app.page(0).path)).status()).toBe(200);
    await expect(
      bodyRows(journalTable(page))
        .filter({ hasText: app.page(0).path })
        .first(),
    ).toBeVisible();
    await journalFilters(page).getByLabel("Status").fill("teapot");
    const refused = await request.get("/__mock/journal/count?status=teapot");
    expect(refused.status()).toBe(400);
    const { error } = (await refused.json()) as { error: { message: string } };
    await expect(journalFilters(page).getByRole("alert")).toHaveText(error.message);
    await expect(bodyRows(journalTable(page))).toHaveText(["No requests."]);
  });

  test("fits a 420 px wide window: the page never scrolls sideways, the tables scroll in their own box", async ({ page, request, mock, app }) => {
    await page.setViewportSize({ width: 420, height: 800 });
    await mock.addFault({
      name: "a fault whose name is long enough to wrap over several lines",
      path: app.page(1).path,
      status: 500,
      headers: { "x-variant": { pattern: "^b" } },
      responseHeaders: { "Cache-Control": "no-store" },
    });
    await mock.addFault({ path: app.page(2).path, delayMs: 10, jitterMs: 5, representation: "data", times: 3 });
    await openPanel(page);
    const long = `${app.page(0).path}?${"a-long-query-".repeat(12)}`;
    expect((await request.get(long)).status()).toBe(200);
    await expect(bodyRows(journalTable(page)).filter({ hasText: "a-long-query-" })).toHaveCount(1);
    await expect(bodyRows(faultsTable(page))).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), "the page's scroll width in a 420 px window").toBeLessThanOrEqual(420);
    // Not clipped away: each table is wider than the window and its own box scrolls to show the rest.
    for (const table of [faultsTable(page), journalTable(page)]) {
      const box = await table.evaluate((element) => {
        const scroller = element.parentElement as HTMLElement;
        return {
          overflowX: getComputedStyle(scroller).overflowX,
          wider: scroller.scrollWidth > scroller.clientWidth,
          right: scroller.getBoundingClientRect().right,
        };
      });
      expect(box, "the table's box").toEqual({ overflowX: "auto", wider: true, right: expect.any(Number) });
      expect(box.right, "the right edge of the table's box").toBeLessThanOrEqual(420);
    }
  });

  test("keeps its files out of the worker's precache", async ({ controlledPage, request }) => {
    const panelFiles = [...(await (await request.get(PANEL)).text()).matchAll(/\/__mock\/panel\/assets\/([^"]+)/g)].map((match) => match[1]);
    expect(panelFiles.length).toBeGreaterThan(0);
    const cached = await cachedUrls(controlledPage);
    expect(cached.length).toBeGreaterThan(0);
    expect(cached.filter((url) => panelFiles.some((file) => url.endsWith(`/${file}`)))).toEqual([]);
  });
});

test.describe("control panel replay", () => {
  /** A HAR of one page, as a browser's export writes it. */
  const harOf = (text: string) =>
    JSON.stringify({
      log: {
        version: "1.2",
        entries: [
          {
            request: { method: "GET", url: "https://app.example/app/", headers: [] },
            response: { status: 200, headers: [{ name: "content-type", value: "text/plain" }], content: { size: text.length, text } },
          },
        ],
      },
    });

  test("shows the HAR in force, loads another from a file and stops it", async ({ page, request }) => {
    const started = test.info().outputPath("started.har");
    writeFileSync(started, harOf("from the start"));
    const server = await startMockServer(["--replay", started, "--base-path", "/app"]);
    try {
      await page.goto(`${server.origin}${PANEL}`);
      const replay = page.getByRole("group", { name: "Replay" });
      await expect(replay).toContainText(`Answering from ${started}: 1 of its 1 entries. Requests it has no entry for get a 404.`);
      await replay.getByLabel("Answer from a HAR file").setInputFiles({ name: "later.har", mimeType: "application/json", buffer: Buffer.from(harOf("later")) });
      await expect(page.getByRole("status").filter({ hasText: "Loaded later.har: 1 of its 1 entries answer." })).toBeVisible();
      await expect(replay).toContainText("Answering from later.har");
      expect(await (await request.get(`${server.origin}/app/`)).text()).toBe("later");
      await replay.getByRole("button", { name: "Stop the replay" }).click();
      await expect(replay).toContainText("No HAR: requests go to the app as it answers");
      expect((await request.get(`${server.origin}/app/`)).status()).toBe(404);
    } finally {
      await server.stop();
    }
  });

  test("says why a server of the reference shell takes no HAR", async ({ page, profile }) => {
    servedReference(profile, "the reference shell's refusal of a HAR");
    await openPanel(page);
    const replay = page.getByRole("group", { name: "Replay" });
    await expect(replay).toContainText("No HAR");
    await replay.getByLabel("Answer from a HAR file").setInputFiles({ name: "app.har", mimeType: "application/json", buffer: Buffer.from(harOf("x")) });
    await expect(
      page.getByRole("alert").filter({ hasText: "Failed to load the HAR: this server serves the reference shell, and replay stands in for an app." }),
    ).toBeVisible();
  });
});
