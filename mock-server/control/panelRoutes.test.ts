import { rmSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { FAKE_PANEL_HTML, FAKE_PANEL_SCRIPT } from "../testing/fakeDist.ts";
import { startMock } from "../testing/startMock.ts";
import { PANEL_ASSETS_PREFIX } from "./controlPaths.ts";

const PANEL_SCRIPT_URL = `${PANEL_ASSETS_PREFIX}/${FAKE_PANEL_SCRIPT}`;

test("serves the panel at /__mock/ as HTML that is revalidated and may not be framed", async () => {
  const { origin } = await startMock();
  const response = await fetch(`${origin}/__mock/`);
  expect(response.status).toBe(200);
  expect(await response.text()).toBe(FAKE_PANEL_HTML);
  expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(response.headers.get("cache-control")).toBe("no-cache");
  expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
});

test("serves the panel's hashed files as immutable for a year", async () => {
  const { origin } = await startMock();
  const response = await fetch(`${origin}${PANEL_SCRIPT_URL}`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
  expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
});

test("serves nothing from outside the panel's assets folder", async () => {
  const { origin } = await startMock();
  expect((await fetch(`${origin}/__mock/panel/assets/..%2findex.html`)).status).toBe(400);
  expect((await fetch(`${origin}/__mock/panel/assets/no-such-file.js`)).status).toBe(404);
});

test("redirects /__mock to /__mock/, keeping the query", async () => {
  const { origin } = await startMock();
  const response = await fetch(`${origin}/__mock?digest=123`, { redirect: "manual" });
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/__mock/?digest=123");
});

test("journals none of the panel's requests", async () => {
  const { origin, mock } = await startMock();
  await (await fetch(`${origin}/__mock/`)).text();
  await (await fetch(`${origin}${PANEL_SCRIPT_URL}`)).text();
  expect(mock.journal.list().entries).toEqual([]);
});

test("says how to build the panel when the build has none", async () => {
  const { origin, distDir } = await startMock();
  rmSync(join(distDir, "panel"), { recursive: true });
  const response = await fetch(`${origin}/__mock/`);
  expect(response.status).toBe(503);
  expect(await response.json()).toEqual({
    error: {
      code: "PANEL_NOT_BUILT",
      message: "Failed to serve the control panel: the build has no panel/index.html. Run 'npm run build' (npm start does it for you), then reload.",
    },
  });
});
