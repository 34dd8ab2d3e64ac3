/** Dribbles are capped at MAX_SLOWED_RESPONSES at once; one more gets a 503 that says so, not a queue. */
import { type IncomingMessage, request } from "node:http";
import { expect, test } from "vitest";
import { startMock } from "../testing/startMock.ts";
import { MAX_REQUEST_SLOWED_RESPONSES, MAX_SLOWED_RESPONSES, SlowedResponses } from "./slowedResponses.ts";

test("admits MAX_SLOWED_RESPONSES at once, then none until one is released (once, however often it is called)", () => {
  const slowed = new SlowedResponses();
  const releases = Array.from({ length: MAX_SLOWED_RESPONSES }, () => slowed.admit());
  expect(releases.every((release) => release !== null)).toBe(true);
  expect(slowed.admit()).toBeNull();
  releases[0]?.();
  releases[0]?.();
  expect(slowed.admit()).not.toBeNull();
  expect(slowed.admit()).toBeNull();
});

/** Resolves with the response's head; its body (a minute-long dribble) is left open until `destroy`. */
function head(origin: string, path: string): Promise<{ res: IncomingMessage; destroy: () => void }> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${path}`, { agent: false }, (res) => resolve({ res, destroy: () => req.destroy() }));
    req.on("error", reject);
    req.end();
  });
}

test("one dribble past the cap is answered 503 with Retry-After, and the server dribbles again once one ends", async () => {
  const { origin, mock } = await startMock();
  mock.faults.add({ path: "/app/pages/1", representation: "any", dribble: { chunks: 2, overMs: 60_000 } });
  const open = await Promise.all(Array.from({ length: MAX_SLOWED_RESPONSES }, () => head(origin, "/app/pages/1")));
  try {
    expect(open.every(({ res }) => res.statusCode === 200)).toBe(true);
    const refused = await head(origin, "/app/pages/1");
    expect({ status: refused.res.statusCode, retryAfter: refused.res.headers["retry-after"] }).toEqual({ status: 503, retryAfter: "1" });
    refused.destroy();
    const closed = new Promise((resolve) => open[0]?.res.socket.once("close", resolve));
    open[0]?.destroy();
    await closed;
    // The server sees the close a moment after the client: polled, bounded by expect.poll's default.
    await expect.poll(async () => (await head(origin, "/app/pages/1?again")).res.statusCode).toBe(200);
  } finally {
    for (const { destroy } of open) destroy();
  }
});

test("requests that slow themselves (?__bps) hold slots of their own: a test's dribble fault still gets one when they are all taken", async () => {
  const { origin, mock } = await startMock();
  mock.faults.add({ path: "/app/pages/1", representation: "any", dribble: { chunks: 2, overMs: 60_000 } });
  const asked = await Promise.all(Array.from({ length: MAX_REQUEST_SLOWED_RESPONSES }, (_, i) => head(origin, `/app/pages/2?__bps=1&n=${i}`)));
  const held: { destroy: () => void }[] = [...asked];
  try {
    expect(asked.every(({ res }) => res.statusCode === 200)).toBe(true);
    const oneMore = await head(origin, "/app/pages/2?__bps=1&n=more");
    held.push(oneMore);
    expect(oneMore.res.statusCode).toBe(503);
    const fault = await head(origin, "/app/pages/1");
    held.push(fault);
    expect(fault.res.statusCode).toBe(200);
  } finally {
    for (const { destroy } of held) destroy();
  }
});
