import { expect } from "vitest";
import { FAKE_SCRIPT, FAKE_SCRIPT_TEXT, FAKE_WORKER_TEXT } from "../testing/fakeDist.ts";
import { test } from "../testing/testServer.ts";

test("serves the worker only at its exact path, not in another case", async ({ server }) => {
  expect(await (await server.fetch("/app/sw.js")).text()).toBe(FAKE_WORKER_TEXT);
  const other = await server.fetch("/APP/sw.js");
  expect(other.status).toBe(404);
  expect(await other.text()).not.toBe(FAKE_WORKER_TEXT);
});

test("serves no asset past a fault on its folder by changing the path's case", async ({ server }) => {
  await server.addFault({ path: "/app/assets/**", status: 403 });
  expect((await server.fetch(`/app/${FAKE_SCRIPT}`)).status).toBe(403);
  const other = await server.fetch(`/APP/${FAKE_SCRIPT}`);
  expect(other.status).toBe(404);
  expect(await other.text()).not.toBe(FAKE_SCRIPT_TEXT);
});

test("answers the control API only under /__mock/ as written", async ({ server }) => {
  const response = await server.fetch("/__MOCK/faults", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: '{"path": "/x", "status": 404}',
  });
  expect(response.status).toBe(405);
  expect(await server.faults()).toEqual([]);
});
