/**
 * A recording whose writes fail (a full disk, a file made read-only under it) never stops the
 * server: the failure is logged once, the file keeps the entries written whole and says it is
 * incomplete, and every answer still reaches its client. node:fs's writeSync is wrapped to fail on
 * demand, as no test can fill a disk.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, onTestFinished, test, vi } from "vitest";
import { createApp } from "../createApp.ts";
import { listenForTest } from "../testing/listen.ts";
import { captureLogs } from "../testing/testServer.ts";
import { HarRecorder } from "./harRecorder.ts";
import { loadHarFile } from "./loadHar.ts";

/** How the next writes fail: `partial` writes half of one first, as a filling disk does. */
const failing = vi.hoisted(() => ({ code: null as string | null, partial: false, times: 0 }));

vi.mock("node:fs", async (original) => {
  const fs = await original<typeof import("node:fs")>();
  const writeSync = ((fd: number, data: Buffer | string, offset?: number, length?: number, position?: number) => {
    if (failing.code !== null && failing.times > 0) {
      if (failing.partial && Buffer.isBuffer(data) && (length ?? 0) > 1) {
        failing.partial = false;
        return fs.writeSync(fd, data, offset, Math.floor((length ?? 0) / 2), position);
      }
      failing.times--;
      throw Object.assign(new Error(`${failing.code}: write failed`), { code: failing.code });
    }
    // biome-ignore lint/suspicious/noExplicitAny: passes on whichever of writeSync's overloads was called.
    return (fs.writeSync as any)(fd, data, offset, length, position);
  }) as typeof fs.writeSync;
  return { ...fs, default: { ...fs, writeSync }, writeSync };
});

function recorderForTest() {
  const file = join(mkdtempSync(join(tmpdir(), "pck-record-fail-")), "out.har");
  const logs = captureLogs();
  const recorder = new HarRecorder(file, { name: "test", version: "1" }, { logger: logs.logger });
  onTestFinished(() => {
    failing.code = null;
    recorder.close();
  });
  return { file, recorder, logs };
}

const failures = (logs: ReturnType<typeof captureLogs>) => logs.lines().filter((line) => String(line.msg).startsWith("Failed to write the recording"));

test("a write that fails (ENOSPC) half-way is logged once; the file keeps its whole entries and says it is incomplete", async () => {
  const upstream = await listenForTest((req, res) => {
    res.writeHead(200, { "content-type": "text/plain" });
    res.end(`answer to ${req.url}`);
  });
  const { file, recorder, logs } = recorderForTest();
  const { origin } = await listenForTest(createApp({ upstream: upstream.origin, onUpstreamResponse: recorder.tap }).handler);
  expect(await (await fetch(`${origin}/a`)).text()).toBe("answer to /a");
  await expect.poll(() => recorder.counts.entries).toBe(1);

  Object.assign(failing, { code: "ENOSPC", partial: true, times: 1 });
  for (const path of ["/b", "/c", "/d"]) expect(await (await fetch(`${origin}${path}`)).text()).toBe(`answer to ${path}`);
  await expect.poll(() => recorder.counts).toEqual({ entries: 1, notRecorded: 3, failed: "ENOSPC" });

  expect(failures(logs)).toHaveLength(1);
  expect(failures(logs)[0]?.msg).toBe(
    `Failed to write the recording '${file}': ENOSPC. The recording stops here, incomplete (its 1 entries stay); the server goes on serving. Free some space or fix the file's permissions, then record again.`,
  );
  const { log } = JSON.parse(readFileSync(file, "utf8")) as { log: { comment: string; entries: { request: { url: string } }[] } };
  expect(log.entries.map((entry) => new URL(entry.request.url).pathname)).toEqual(["/a"]);
  expect(log.comment).toBe("pwa-conformance-kit: incomplete: writing the recording failed (ENOSPC) after 1 entries");
  expect(loadHarFile(file).index.usable).toBe(1);
});

test("a write refused outright (EACCES) stops the recording without a throw, and the file stays a whole HAR", () => {
  const { file, recorder, logs } = recorderForTest();
  Object.assign(failing, { code: "EACCES", partial: false, times: 1 });
  const exchange = {
    started: new Date(0),
    durationMs: 1,
    method: "GET",
    url: "http://127.0.0.1:4173/app/",
    requestRawHeaders: [],
    requestBody: null,
    status: 200,
    statusText: "OK",
    responseRawHeaders: ["Content-Type", "text/plain"],
    body: Buffer.from("hi"),
    bodySize: 2,
  };
  expect(() => recorder.add(exchange)).not.toThrow();
  expect(() => recorder.add(exchange)).not.toThrow();
  expect(recorder.counts).toEqual({ entries: 0, notRecorded: 2, failed: "EACCES" });
  expect(failures(logs)).toHaveLength(1);
  expect(loadHarFile(file).index.total).toBe(0);
});
