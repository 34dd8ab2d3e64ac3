import { rmSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { CHECKLIST_PAGE } from "../../kit/kitPaths.ts";
import { FAKE_CHECKLIST_HTML } from "../testing/fakeDist.ts";
import { startMock } from "../testing/startMock.ts";

test("serves the checklist page at /__mock/checklist as HTML that is revalidated, runs no script and may not be framed", async () => {
  const { origin } = await startMock();
  const response = await fetch(`${origin}/__mock/checklist`);
  expect(response.status).toBe(200);
  expect(await response.text()).toBe(FAKE_CHECKLIST_HTML);
  expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(response.headers.get("cache-control")).toBe("no-cache");
  expect(response.headers.get("content-security-policy")).toBe(
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  );
});

test("serves it without the control token a server started with one asks of control requests, and journals nothing", async () => {
  const { origin, mock } = await startMock({ controlToken: "a-token-of-16-chars-or-more" });
  expect((await fetch(`${origin}/__mock/faults`)).status).toBe(401);
  expect((await fetch(`${origin}/__mock/checklist`)).status).toBe(200);
  expect(mock.journal.list().entries).toEqual([]);
});

test("says how to build it when the build has none", async () => {
  const { origin, distDir } = await startMock();
  rmSync(join(distDir, CHECKLIST_PAGE));
  const response = await fetch(`${origin}/__mock/checklist`);
  expect(response.status).toBe(503);
  expect(await response.json()).toEqual({
    error: {
      code: "CHECKLIST_NOT_BUILT",
      message: "Failed to serve the checklist: the build has no checklist.html. Run 'npm run build' (npm start does it for you), then reload.",
    },
  });
});
