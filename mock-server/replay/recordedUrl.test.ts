import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import { expect, onTestFinished, test } from "vitest";
import { createApp } from "../createApp.ts";
import { listenForTest } from "../testing/listen.ts";
import { rawRequest } from "../testing/rawExchange.ts";
import { HarRecorder } from "./harRecorder.ts";
import { loadHarFile } from "./loadHar.ts";
import { findReplay } from "./replayIndex.ts";

function recorderForTest(): HarRecorder {
  const recorder = new HarRecorder(join(mkdtempSync(join(tmpdir(), "pck-record-url-")), "out.har"), { name: "test", version: "1" });
  onTestFinished(() => recorder.close());
  return recorder;
}

const get = (origin: string, target: string, host: string) => rawRequest(origin, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);

const recordedRoutes = (recorder: HarRecorder) => [...loadHarFile(recorder.file).index.byRoute.keys()];

test("the recorder files an answer under the path the proxy asked the upstream for, whatever the Host says", async () => {
  const recorder = recorderForTest();
  // The tap alone, as the proxy calls it, with nothing in front that refuses a Host.
  const app = express().use((req, res) => {
    recorder.tap(req, { statusCode: 200, statusMessage: "OK", rawHeaders: ["Content-Type", "text/plain"] }).end(`answer to ${req.url}`, () => res.end());
  });
  const { origin } = await listenForTest(app);
  await get(origin, "/evil", "127.0.0.1/app/index.html?#");
  await get(origin, "http://other.example/abs?q=1", "127.0.0.1:4173");
  await get(origin, "/plain", "a b");
  await expect.poll(() => recorder.counts.entries).toBe(3);
  const { log } = JSON.parse(readFileSync(recorder.file, "utf8")) as { log: { entries: { request: { url: string } }[] } };
  expect(log.entries.map((entry) => entry.request.url)).toEqual(["http://localhost/evil", "http://127.0.0.1:4173/abs?q=1", "http://localhost/plain"]);
  expect(recordedRoutes(recorder)).toEqual(["GET /evil", "GET /abs", "GET /plain"]);
});

test("a Host with a path after it cannot put another path's answer into a recording that replay then serves", async () => {
  const upstream = await listenForTest((req, res) => res.end(`answer to ${req.url}`));
  const recorder = recorderForTest();
  const { origin } = await listenForTest(createApp({ upstream: upstream.origin, onUpstreamResponse: recorder.tap }).handler);
  const poisoned = await get(origin, "/evil", "127.0.0.1/app/index.html?#");
  expect(poisoned.bytes.toString("utf8")).toMatch(/^HTTP\/1\.1 400 /);
  expect((await get(origin, "/app/index.html", new URL(origin).host)).bytes.toString("utf8")).toMatch(/answer to \/app\/index\.html$/);
  await expect.poll(() => recorder.counts.entries).toBe(1);
  const replayed = findReplay(loadHarFile(recorder.file).index, { method: "GET", url: "/app/index.html", headers: {}, body: null });
  expect(replayed?.entry.body.toString()).toBe("answer to /app/index.html");
});
