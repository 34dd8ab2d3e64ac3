/** `responseHeaders`: a fault's extra headers on the response that goes out, over the server's own. */
import type { Response } from "express";
import { expect } from "vitest";
import { createApp } from "../createApp.ts";
import { listenForTest } from "../testing/listen.ts";
import { test } from "../testing/testServer.ts";
import { addResponseHeaders } from "./responseHeaders.ts";

test("puts its headers on the app's own answer when the fault has no status", async ({ server }) => {
  await server.addFault({ path: "/app/pages/1", responseHeaders: { "X-Served-By": "cache-fra1", Link: "</app/>; rel=home" } });
  const response = await server.fetch("/app/pages/1");
  await response.arrayBuffer();
  expect({ status: response.status, servedBy: response.headers.get("x-served-by"), link: response.headers.get("link") }).toEqual({
    status: 200,
    servedBy: "cache-fra1",
    link: "</app/>; rel=home",
  });
});

test("its Cache-Control goes on a status page, which has none of its own", async ({ server }) => {
  await server.addFault({ path: "/app/pages/1", status: 404, responseHeaders: { "Cache-Control": "public, max-age=60" } });
  const response = await server.fetch("/app/pages/1");
  await response.arrayBuffer();
  expect({ status: response.status, cacheControl: response.headers.get("cache-control") }).toEqual({ status: 404, cacheControl: "public, max-age=60" });
});

test("its Retry-After wins over a 503's default, in a sequence's step too", async ({ server }) => {
  await server.addFault({ path: "/app/pages/1", sequence: [{ status: 503, responseHeaders: { "retry-after": "120" } }, { pass: true }] });
  const first = await server.fetch("/app/pages/1");
  await first.arrayBuffer();
  const second = await server.fetch("/app/pages/1");
  await second.arrayBuffer();
  expect([first.headers.get("retry-after"), second.headers.get("retry-after")]).toEqual(["120", null]);
});

test("on a dribbled body the headers come with the first piece", async ({ server }) => {
  await server.addFault({ path: "/app/pages/1", dribble: { chunks: 2, overMs: 50 }, responseHeaders: { "X-Slow": "yes" } });
  const response = await server.fetch("/app/pages/1");
  expect(response.headers.get("x-slow")).toBe("yes");
  await response.arrayBuffer();
});

test("in proxy mode its headers win over the upstream's", async () => {
  const upstream = await listenForTest((_req, res) => {
    res.writeHead(200, { "content-type": "text/plain", "cache-control": "no-cache", "x-upstream": "yes" });
    res.end("upstream");
  });
  const mock = createApp({ upstream: upstream.origin });
  const { origin } = await listenForTest(mock.handler);
  mock.faults.add({ path: "/page", representation: "any", responseHeaders: { "Cache-Control": "max-age=3600" } });
  const response = await fetch(`${origin}/page`);
  expect(await response.text()).toBe("upstream");
  expect({ cacheControl: response.headers.get("cache-control"), upstream: response.headers.get("x-upstream") }).toEqual({
    cacheControl: "max-age=3600",
    upstream: "yes",
  });
});

test("its headers win over writeHead's flat [name, value…] list too", async () => {
  const server = await listenForTest((_req, res) => {
    addResponseHeaders(res as unknown as Response, { "Cache-Control": "max-age=60" });
    res.writeHead(200, ["Cache-Control", "no-cache", "X-Kept", "1"]);
    res.end();
  });
  const response = await fetch(server.origin);
  await response.arrayBuffer();
  expect({ cacheControl: response.headers.get("cache-control"), kept: response.headers.get("x-kept") }).toEqual({ cacheControl: "max-age=60", kept: "1" });
});
