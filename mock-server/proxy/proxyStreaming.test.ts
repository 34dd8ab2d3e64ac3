/**
 * In proxy mode a slowed body streams: an event stream's first event comes through a dribble before
 * the upstream ends, and an endless upstream body waits for the client instead of filling the
 * proxy's memory (a dribble held every byte until the end: 2.8 GB in 20 s).
 */
import { request } from "node:http";
import { expect, test } from "vitest";
import { createApp } from "../createApp.ts";
import { listenForTest } from "../testing/listen.ts";
import { timedGet } from "../testing/timedGet.ts";

async function startProxy(upstreamOrigin: string) {
  const mock = createApp({ upstream: upstreamOrigin });
  return { mock, ...(await listenForTest(mock.handler)) };
}

/** Resolves with the first piece of the body of GET `url`; the response stays open. */
function firstPiece(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false }, (res) => {
      res.setEncoding("utf8");
      res.once("data", (chunk: string) => {
        resolve(chunk);
        req.destroy();
      });
    });
    req.on("error", reject);
    req.end();
  });
}

const EVENT = "data: one\n\n";

for (const shortcut of ["__dribble=100", "__bps=1000"]) {
  test(`an event stream's first event comes through ?${shortcut} while the upstream keeps it open`, async () => {
    const upstream = await listenForTest((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(EVENT);
    });
    const { origin } = await startProxy(upstream.origin);
    expect(EVENT.startsWith(await firstPiece(`${origin}/feed?${shortcut}`))).toBe(true);
  });
}

/** Stops an endless body there, so that a proxy that buffers it fails the test without exhausting the machine. */
const UPSTREAM_GIVE_UP_BYTES = 64 * 1024 * 1024;
/**
 * What may sit between the upstream and a client that reads 1 kB/s: the kernel's socket buffers on
 * loopback (tcp_wmem's 4 MB plus what tcp_rmem's autotuning grants a reader that stops, a few MB)
 * and the proxy's own (a 64 KiB dribble hold, a 16 KiB readable). 16 MB is well above that and a
 * quarter of the bytes a buffering proxy takes in.
 */
const IN_FLIGHT_BOUND_BYTES = 16 * 1024 * 1024;

test("an endless upstream body through a dribble waits for the client instead of growing the proxy's buffers", async () => {
  let written = 0;
  let waiting = false;
  const upstream = await listenForTest((_req, res) => {
    res.writeHead(200, { "content-type": "application/octet-stream" });
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const pump = () => {
      waiting = false;
      while (written < UPSTREAM_GIVE_UP_BYTES) {
        written += chunk.length;
        if (!res.write(chunk)) {
          waiting = true;
          res.once("drain", pump);
          return;
        }
      }
      res.end();
    };
    pump();
  });
  const { origin } = await startProxy(upstream.origin);
  await firstPiece(`${origin}/endless?__bps=1000`);
  // Polled, not slept: the upstream is told to wait once the buffers between are full.
  await expect.poll(() => waiting || written >= UPSTREAM_GIVE_UP_BYTES, { timeout: 5_000 }).toBe(true);
  expect(written).toBeLessThan(IN_FLIGHT_BOUND_BYTES);
});

test("a dribble that makes the upstream wait longer than the upstream timeout is not the upstream's silence: the body comes whole", async () => {
  const body = Buffer.alloc(8 * 1024 * 1024, 0x62);
  const upstream = await listenForTest((_req, res) => {
    res.writeHead(200, { "content-type": "application/octet-stream", "content-length": String(body.length) });
    res.end(body);
  });
  // The dribble takes about 4 × the timeout: 8 MiB at 4.2 MB/s is 2 s. A timeout of 500 ms, not less:
  // under a loaded test run an in-process upstream can be starved for a tenth of a second, which is
  // real silence, not the dribble's.
  const mock = createApp({ upstream: upstream.origin, upstreamTimeoutMs: 500 });
  const { origin } = await listenForTest(mock.handler);
  const response = await timedGet(origin, "/big?__bps=4200000");
  expect({ ending: response.ending, bytes: response.body.length }).toEqual({ ending: "complete", bytes: body.length });
});
