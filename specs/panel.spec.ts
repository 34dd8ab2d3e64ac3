import { APP, expect, test } from "./fixtures.ts";
import { cachedUrls } from "./support/browserState.ts";
import { bodyRows, faultsTable, journalTable, openPanel, PANEL } from "./support/controlPanel.ts";
import { documentState, markDocument } from "./support/documentMarker.ts";

test.describe("control panel", () => {
  test("ERR-2 shows the forbidden page in the app for a 403 fault added in the panel", async ({ page, context }) => {
    await openPanel(page);
    await page.getByLabel("Path", { exact: true }).fill(`${APP}/pages/2`);
    await page.getByLabel("Response").selectOption("403");
    await page.getByRole("button", { name: "Add fault" }).click();
    await expect(bodyRows(faultsTable(page))).toContainText([`${APP}/pages/2403 Forbidden`]);
    const app = await context.newPage();
    const response = await app.goto(`${APP}/pages/2`);
    expect(response?.status()).toBe(403);
    await expect(app.getByRole("heading", { level: 1 })).toHaveText("403: Forbidden");
  });

  test("ERR-4 leads from the digest on the app's error page to its request in the journal", async ({ page, context, mock }) => {
    const fault = await mock.addFault({ path: `${APP}/pages/1`, status: 500 });
    await openPanel(page);
    const app = await context.newPage();
    await app.goto(`${APP}/pages/1`);
    const digest = await app.locator("[data-digest]").textContent();
    expect(digest).toMatch(/^\d+$/);
    const rows = bodyRows(journalTable(page));
    // The error page loads its scripts too, so there is more than one row to filter out.
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    await page.getByRole("button", { name: `Show only requests with digest ${digest}` }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.getByRole("cell")).toHaveText([/./, "GET", `${APP}/pages/1`, "500", /^\d+$/, /./, fault.id, "completed", `${digest}`]);
    await expect(page).toHaveURL(`${PANEL}?digest=${digest}`);
  });

  test("removing a fault in the panel lets the app page load again", async ({ page, context, mock }) => {
    const fault = await mock.addFault({ path: `${APP}/pages/3`, status: 404 });
    await openPanel(page);
    const app = await context.newPage();
    expect((await app.goto(`${APP}/pages/3`))?.status()).toBe(404);
    await page.getByRole("button", { name: `Remove fault ${fault.id}` }).click();
    await expect(bodyRows(faultsTable(page))).toHaveText(["No active faults."]);
    expect((await app.goto(`${APP}/pages/3`))?.status()).toBe(200);
    await expect(app.getByRole("heading", { level: 1 })).toHaveText("Page three");
  });

  test("shows the server's message for an invalid fault and adds nothing", async ({ page, request, mock }) => {
    await openPanel(page);
    await page.getByLabel("Path", { exact: true }).fill("pages/1");
    await page.getByLabel("Times").fill("0");
    await page.getByRole("button", { name: "Add fault" }).click();
    const refused = await request.post("/__mock/faults", { data: { path: "pages/1", status: 404, times: 0, representation: "any" } });
    expect(refused.status()).toBe(400);
    const { error } = (await refused.json()) as { error: { message: string } };
    await expect(page.getByRole("form", { name: "Add a fault" }).getByRole("alert")).toHaveText(error.message);
    expect(await mock.faults()).toEqual([]);
    await expect(bodyRows(faultsTable(page))).toHaveText(["No active faults."]);
  });

  test("shows a request made in another page without reloading", async ({ page, context }) => {
    await openPanel(page);
    await markDocument(page, "panel");
    const app = await context.newPage();
    await app.goto(`${APP}/pages/2`);
    await expect(bodyRows(journalTable(page)).filter({ hasText: `${APP}/pages/2` })).toHaveCount(1);
    expect(await documentState(page)).toEqual({ marker: "panel", leaving: false });
  });

  test("reset removes every fault and empties the journal", async ({ page, request, mock }) => {
    await mock.addFault({ path: `${APP}/pages/1`, status: 401 });
    await openPanel(page);
    // A bare request, not a page: a page would go on to register its worker and journal more.
    expect((await request.get(`${APP}/pages/3`)).status()).toBe(200);
    await expect(bodyRows(journalTable(page)).filter({ hasText: `${APP}/pages/3` })).toHaveCount(1);
    await page.getByRole("button", { name: "Reset the mock server" }).click();
    await expect(bodyRows(faultsTable(page))).toHaveText(["No active faults."]);
    await expect(bodyRows(journalTable(page))).toHaveText(["No requests."]);
    expect(await mock.faults()).toEqual([]);
  });

  test("journals none of the panel's own requests", async ({ page, mock }) => {
    await openPanel(page);
    await page.getByLabel("Path", { exact: true }).fill(`${APP}/pages/1`);
    await page.getByRole("button", { name: "Add fault" }).click();
    await expect(bodyRows(faultsTable(page))).toContainText([`${APP}/pages/1`]);
    expect(await mock.journal()).toEqual([]);
  });

  test("serves its page uncached and unframeable, and its hashed files for a year", async ({ request }) => {
    const html = await request.get(PANEL);
    expect(html.status()).toBe(200);
    expect(html.headers()).toMatchObject({
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-cache",
      "content-security-policy": expect.stringContaining("frame-ancestors 'none'"),
    });
    const script = /src="(\/__mock\/panel\/assets\/[^"]+\.js)"/.exec(await html.text())?.[1];
    expect(script).toBeDefined();
    const asset = await request.get(script ?? "");
    expect(asset.status()).toBe(200);
    expect(asset.headers()).toMatchObject({ "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=31536000, immutable" });
  });

  test("keeps its files out of the worker's precache", async ({ controlledPage, request }) => {
    const panelFiles = [...(await (await request.get(PANEL)).text()).matchAll(/\/__mock\/panel\/assets\/([^"]+)/g)].map((match) => match[1]);
    expect(panelFiles.length).toBeGreaterThan(0);
    const cached = await cachedUrls(controlledPage);
    expect(cached.filter((url) => url.includes(`${APP}/assets/`)).length).toBeGreaterThan(0);
    expect(cached.filter((url) => panelFiles.some((file) => url.endsWith(`/${file}`)))).toEqual([]);
  });
});
