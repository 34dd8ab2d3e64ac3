import type { IncomingMessage, ServerResponse } from "node:http";
import { expect, test } from "vitest";
import { createControlClient } from "../control/controlClient.ts";
import { createApp } from "../createApp.ts";
import { controlRequest } from "../testing/controlRequest.ts";
import {
  FAKE_NEXT_SCRIPT,
  FAKE_NEXT_WORKER_TEXT,
  FAKE_SCRIPT,
  FAKE_SCRIPT_TEXT,
  FAKE_STYLESHEET,
  FAKE_WORKER_TEXT,
  fakeDistForTest,
} from "../testing/fakeDist.ts";
import { listenForTest } from "../testing/listen.ts";
import { createDeploys, MAX_NOTED_ASSETS, MAX_NOTED_PATH_LENGTH, MAX_RETIRED_ASSETS } from "./deploys.ts";

const WORKER = "/app/sw.js";
const WORKER_BODY = "self.addEventListener('fetch', () => {});";

/** An app with a worker, a script, a style, an index and one JSON answer; it records the headers each request brought. */
async function startApp() {
  const seen: { url: string; headers: IncomingMessage["headers"] }[] = [];
  const files: Record<string, [string, string]> = {
    [WORKER]: ["text/javascript", WORKER_BODY],
    "/app/assets/main-a1.js": ["text/javascript; charset=utf-8", "console.log(1);"],
    "/app/assets/main-a1.css": ["text/css", "body{}"],
    "/app/": ["text/html", "<!doctype html><title>Index</title>"],
    "/app/data.json": ["application/json", "{}"],
    "/app/workbox-1a2b.js": ["text/javascript", "self.workbox = {};"],
  };
  const app = await listenForTest((req: IncomingMessage, res: ServerResponse) => {
    seen.push({ url: req.url ?? "", headers: req.headers });
    const file = files[req.url ?? ""];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": file[0], etag: '"v1"', "content-length": Buffer.byteLength(file[1]) });
    res.end(file[1]);
  });
  return { ...app, seen };
}

async function startProxy() {
  const app = await startApp();
  const mock = createApp({ upstream: app.origin, basePath: "/app", workerPath: WORKER });
  const { origin } = await listenForTest(mock.handler);
  return { app, mock, origin };
}

const get = async (origin: string, path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${origin}${path}`, { headers });
  return { status: response.status, type: response.headers.get("content-type"), etag: response.headers.get("etag"), body: await response.text() };
};

test("a deploy gives the worker script new bytes, asked of the app without validators or compression", async () => {
  const { app, origin } = await startProxy();
  expect((await get(origin, WORKER)).body).toBe(WORKER_BODY);
  const deployed = await controlRequest(origin, "POST", "/deploy");
  expect(deployed.status).toBe(200);
  expect(deployed.body).toMatchObject({ deploy: 1, oldAssets: "404" });
  const after = await get(origin, WORKER, { "if-none-match": '"v1"', "accept-encoding": "gzip" });
  expect(after.status).toBe(200);
  expect(after.body).toBe(`${WORKER_BODY}\n// pwa-conformance-kit: deploy 1\n`);
  expect(after.etag, "an ETag of the old bytes on the new ones").toBeNull();
  const asked = app.seen.at(-1)?.headers;
  expect(asked?.["if-none-match"]).toBeUndefined();
  expect(asked?.["accept-encoding"]).toBeUndefined();
  await controlRequest(origin, "POST", "/deploy");
  expect((await get(origin, WORKER)).body).toContain("deploy 2");
});

test("a deploy retires the scripts and styles answered before it: 404 by default, never the worker script or data", async () => {
  const { origin } = await startProxy();
  for (const path of ["/app/assets/main-a1.js", "/app/assets/main-a1.css", "/app/data.json", WORKER]) expect((await get(origin, path)).status).toBe(200);
  const deployed = await controlRequest(origin, "POST", "/deploy", { body: {} });
  expect(deployed.body.retired).toEqual(["/app/assets/main-a1.css", "/app/assets/main-a1.js"]);
  expect((await get(origin, "/app/assets/main-a1.js")).status).toBe(404);
  expect((await get(origin, "/app/assets/main-a1.css")).status).toBe(404);
  expect((await get(origin, "/app/data.json")).status).toBe(200);
  expect((await get(origin, WORKER)).status).toBe(200);
});

test("behind --upstream a retired file is served again once a navigation got a document of the new build (it names the same files)", async () => {
  const { origin } = await startProxy();
  const navigation = { "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" };
  await get(origin, "/app/assets/main-a1.js");
  await controlRequest(origin, "POST", "/deploy");
  expect((await get(origin, "/app/", { "sec-fetch-mode": "cors" })).status, "a worker's own fetch of a page").toBe(200);
  expect((await get(origin, "/app/assets/main-a1.js")).status, "asked by the page open before the deploy").toBe(404);
  expect((await get(origin, "/app/", navigation)).status).toBe(200);
  expect((await get(origin, "/app/assets/main-a1.js")).status, "asked by the new build's page").toBe(200);
  await controlRequest(origin, "POST", "/deploy");
  expect((await get(origin, "/app/assets/main-a1.js")).status, "the next deploy retires it again").toBe(404);
});

test("html-fallback answers a retired script with the app's start document as 200 text/html; keep serves it", async () => {
  const { origin } = await startProxy();
  await get(origin, "/app/assets/main-a1.js");
  await controlRequest(origin, "POST", "/deploy", { body: { oldAssets: "html-fallback" } });
  const trap = await get(origin, "/app/assets/main-a1.js");
  expect(trap).toMatchObject({ status: 200, body: "<!doctype html><title>Index</title>" });
  expect(trap.type).toContain("text/html");
  await controlRequest(origin, "POST", "/deploy", { body: { oldAssets: "keep" } });
  expect(await get(origin, "/app/assets/main-a1.js")).toMatchObject({ status: 200, body: "console.log(1);" });
});

test("each journal entry carries the deploy in effect when it arrived, and a reset goes back to deploy 0", async () => {
  const { origin } = await startProxy();
  await get(origin, "/app/data.json");
  await controlRequest(origin, "POST", "/deploy");
  await get(origin, "/app/data.json");
  const journal = await controlRequest(origin, "GET", "/journal");
  expect(journal.body.entries.map((entry: { deploy: number }) => entry.deploy)).toEqual([0, 1]);
  const har = await createControlClient(origin).journalHar();
  expect(har.log.entries.map((entry) => entry._deploy)).toEqual([0, 1]);
  await controlRequest(origin, "POST", "/reset");
  expect((await controlRequest(origin, "GET", "/deploy")).body).toEqual({ deploy: 0, oldAssets: null, retired: [], dropped: 0 });
  expect((await get(origin, WORKER)).body).toBe(WORKER_BODY);
});

test.each([
  ["an unknown option", { oldAssets: "delete" }, "body.oldAssets"],
  ["an unknown field", { build: "b" }, "build"],
  ["not an object", [1], "must be an object"],
])("refuses %s with a 400 that changes nothing", async (_what, body, named) => {
  const { origin } = await startProxy();
  const answer = await controlRequest(origin, "POST", "/deploy", { body });
  expect(answer.status).toBe(400);
  expect(answer.body.error.code).toBe("INVALID_DEPLOY");
  expect(answer.body.error.message).toContain(named);
  expect((await controlRequest(origin, "GET", "/deploy")).body.deploy).toBe(0);
});

test("a reference build without its second build refuses a deploy (409), naming the build, and stays at deploy 0", async () => {
  const { origin } = await listenForTest(createApp({ distDir: fakeDistForTest().distDir }).handler);
  const answer = await controlRequest(origin, "POST", "/deploy");
  expect(answer.status).toBe(409);
  expect(answer.body.error.code).toBe("DEPLOY_UNAVAILABLE");
  expect(answer.body.error.message).toContain("npm run build");
  expect((await controlRequest(origin, "GET", "/deploy")).body.deploy).toBe(0);
});

async function startReference() {
  const { origin } = await listenForTest(createApp({ distDir: fakeDistForTest({ withNextBuild: true }).distDir }).handler);
  return origin;
}

test("the reference shell switches to its next build and back: the worker, the page's script, the hashed files", async () => {
  const origin = await startReference();
  expect((await get(origin, "/app/sw.js")).body).toBe(FAKE_WORKER_TEXT);
  expect((await get(origin, "/app/")).body).toContain(FAKE_SCRIPT);
  expect((await get(origin, `/app/${FAKE_SCRIPT}`)).status).toBe(200);
  expect((await get(origin, `/app/${FAKE_STYLESHEET}`)).status).toBe(200);
  const deployed = await controlRequest(origin, "POST", "/deploy");
  // The stylesheet is the same file in both builds, so the deploy does not retire it.
  expect(deployed.body.retired).toEqual([`/app/${FAKE_SCRIPT}`]);
  expect((await get(origin, "/app/sw.js")).body).toBe(FAKE_NEXT_WORKER_TEXT);
  expect((await get(origin, "/app/")).body).toContain(FAKE_NEXT_SCRIPT);
  expect((await get(origin, `/app/${FAKE_SCRIPT}`)).status).toBe(404);
  expect((await get(origin, `/app/${FAKE_STYLESHEET}`)).status).toBe(200);
  expect((await get(origin, `/app/${FAKE_NEXT_SCRIPT}`)).status).toBe(200);
  const back = await controlRequest(origin, "POST", "/deploy");
  expect(back.body.retired, "build a's own script is live again").toEqual([`/app/${FAKE_NEXT_SCRIPT}`]);
  expect((await get(origin, "/app/sw.js")).body).toBe(FAKE_WORKER_TEXT);
  expect((await get(origin, `/app/${FAKE_SCRIPT}`)).status).toBe(200);
});

test("the reference shell's next build never serves the previous build's files, navigations or not", async () => {
  const origin = await startReference();
  await controlRequest(origin, "POST", "/deploy");
  expect((await get(origin, "/app/", { "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" })).body).toContain(FAKE_NEXT_SCRIPT);
  expect((await get(origin, `/app/${FAKE_SCRIPT}`)).status).toBe(404);
});

test("the reference shell keeps the previous build's files with keep, and answers them with the start page with html-fallback", async () => {
  const origin = await startReference();
  await get(origin, `/app/${FAKE_SCRIPT}`);
  await controlRequest(origin, "POST", "/deploy", { body: { oldAssets: "keep" } });
  expect(await get(origin, `/app/${FAKE_SCRIPT}`)).toMatchObject({ status: 200, body: FAKE_SCRIPT_TEXT });
  await controlRequest(origin, "POST", "/reset");
  await get(origin, `/app/${FAKE_SCRIPT}`);
  await controlRequest(origin, "POST", "/deploy", { body: { oldAssets: "html-fallback" } });
  const trap = await get(origin, `/app/${FAKE_SCRIPT}`);
  expect(trap.status).toBe(200);
  expect(trap.type).toContain("text/html");
  expect(trap.body).toContain(FAKE_NEXT_SCRIPT);
});

test("a deploy keeps at most MAX_NOTED_ASSETS new paths, and files retired earlier stay retired", () => {
  const deploys = createDeploys();
  deploys.note("/a.js");
  deploys.deploy({});
  deploys.note("/b.js");
  deploys.deploy({ oldAssets: "keep" });
  expect(deploys.state()).toEqual({ deploy: 2, oldAssets: "keep", retired: ["/a.js", "/b.js"], dropped: 0 });
  expect(deploys.retiredAs("/a.js")).toBe("keep");
  expect(deploys.retiredAs("/c.js")).toBeNull();
  for (let i = 0; i <= MAX_NOTED_ASSETS; i++) deploys.note(`/flood/${i}.js`);
  expect(deploys.deploy({}).retired).toHaveLength(2 + MAX_NOTED_ASSETS);
});

test("deploys retire at most MAX_RETIRED_ASSETS paths in all, letting the oldest go first and counting them in the answer, and note no path longer than MAX_NOTED_PATH_LENGTH", () => {
  const deploys = createDeploys();
  const flood = (deploy: number) => {
    for (let i = 0; i < MAX_NOTED_ASSETS; i++) deploys.note(`/flood/${deploy}/${i}.js`);
  };
  deploys.note(`/${"x".repeat(MAX_NOTED_PATH_LENGTH)}.js`);
  for (let deploy = 1; deploy <= 3; deploy++) {
    flood(deploy);
    deploys.deploy({});
  }
  const { retired, dropped } = deploys.state();
  expect(retired).toHaveLength(MAX_RETIRED_ASSETS);
  expect(retired.some((path) => path.startsWith("/flood/1/"))).toBe(MAX_RETIRED_ASSETS > 2 * MAX_NOTED_ASSETS);
  expect(retired.filter((path) => path.startsWith("/flood/3/"))).toHaveLength(MAX_NOTED_ASSETS);
  expect(retired.some((path) => path.length > MAX_NOTED_PATH_LENGTH)).toBe(false);
  expect(dropped).toBe(3 * MAX_NOTED_ASSETS - MAX_RETIRED_ASSETS);
  expect(deploys.retiredAs("/flood/3/0.js")).toBe("404");
  deploys.reset();
  expect(deploys.state()).toEqual({ deploy: 0, oldAssets: null, retired: [], dropped: 0 });
});

test("the typed client deploys and reads the deploy, and rejects with the server's message on bad input", async () => {
  const { origin } = await startProxy();
  const client = createControlClient(origin);
  expect(await client.deploy({ oldAssets: "keep" })).toMatchObject({ deploy: 1, oldAssets: "keep" });
  expect((await client.readDeploy()).deploy).toBe(1);
  await expect(client.deploy({ oldAssets: "gone" as "keep" })).rejects.toThrow(/oldAssets/);
});

test("a scenario's deploys option is what a deploy naming none does; one naming its own wins", async () => {
  const { origin } = await startProxy();
  await controlRequest(origin, "PUT", "/scenario", { body: { name: "SPA host", deploys: { oldAssets: "html-fallback" } } });
  expect((await controlRequest(origin, "GET", "/scenario")).body.scenario.deploys).toBe("html-fallback");
  expect((await controlRequest(origin, "POST", "/deploy")).body.oldAssets).toBe("html-fallback");
  expect((await controlRequest(origin, "POST", "/deploy", { body: { oldAssets: "keep" } })).body.oldAssets).toBe("keep");
  const refused = await controlRequest(origin, "PUT", "/scenario", { body: { name: "bad", deploys: { oldAssets: "gone" } } });
  expect(refused.status).toBe(400);
  expect(refused.body.error.message).toContain("deploys.oldAssets");
});

test("a script the worker imports is never retired, though the page loaded it too", async () => {
  const { origin } = await startProxy();
  const imported = { "sec-fetch-dest": "script", referer: `${origin}${WORKER}` };
  expect((await get(origin, "/app/workbox-1a2b.js", imported)).status).toBe(200);
  expect((await get(origin, "/app/workbox-1a2b.js")).status).toBe(200);
  await controlRequest(origin, "POST", "/deploy");
  expect((await get(origin, "/app/workbox-1a2b.js", imported)).status, "the new worker's importScripts").toBe(200);
  expect((await get(origin, "/app/workbox-1a2b.js")).status, "the same file asked by a page").toBe(404);
  await controlRequest(origin, "POST", "/reset");
  expect((await get(origin, "/app/workbox-1a2b.js", imported)).status).toBe(200);
  expect((await controlRequest(origin, "POST", "/deploy")).body.retired, "only what pages asked for is retired").toEqual([]);
});
