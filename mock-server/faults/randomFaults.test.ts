/** Faults that draw from their seeded generator: `probability` and `jitterMs`; a seed replays both. */
import { describe, expect } from "vitest";
import { Scenario } from "../scenarios/scenarioSchema.ts";
import { statusesOf } from "../testing/statusesOf.ts";
import { test } from "../testing/testServer.ts";
import { jitteredDelay } from "./jitter.ts";
import { MAX_SEED, seededRandom } from "./seededRandom.ts";

/** Enough requests that a probability of one half both applies and spares (seed 1: 5 of 12 apply). */
const REQUESTS = 12;

/** What the fault's generator decides for each of its first `count` matches. */
const decisions = (seed: number, probability: number, count = REQUESTS) => Array.from({ length: count }, seededRandom(seed)).map((draw) => draw < probability);

describe("probability", () => {
  test("a fault with probability 0.5 and seed 1 applies to the requests its generator picks, and spares the rest", async ({ server }) => {
    const picked = decisions(1, 0.5);
    expect(picked).toContain(true);
    expect(picked).toContain(false);
    await server.addFault({ path: "/app/pages/1", status: 503, probability: 0.5, seed: 1 });
    expect(await statusesOf(server, "/app/pages/1", REQUESTS)).toEqual(picked.map((applies) => (applies ? 503 : 200)));
  });

  test("the same seed replays the same decisions, on a new fault or a new server", async ({ server, serve }) => {
    const fault = { path: "/app/pages/1", status: 404 as const, probability: 0.3, seed: 12_345 };
    await server.addFault(fault);
    const first = await statusesOf(server, "/app/pages/1", REQUESTS);
    await server.control("DELETE", "/faults");
    await server.addFault(fault);
    const again = await statusesOf(server, "/app/pages/1", REQUESTS);
    const other = await serve();
    await other.addFault(fault);
    expect({ again, elsewhere: await statusesOf(other, "/app/pages/1", REQUESTS) }).toEqual({ again: first, elsewhere: first });
    expect(first).toContain(404);
    expect(first).toContain(200);
  });

  test("POST /reset replays a seeded scenario fault from its first decision", async ({ serve }) => {
    const scenario = Scenario.parse({ name: "now and then", faults: [{ path: "/app/pages/1", status: 503, probability: 0.5, seed: 1 }] });
    const server = await serve({ scenario });
    const first = await statusesOf(server, "/app/pages/1", REQUESTS);
    await server.control("POST", "/reset");
    expect(await statusesOf(server, "/app/pages/1", REQUESTS)).toEqual(first);
    expect(first).toEqual(decisions(1, 0.5).map((applies) => (applies ? 503 : 200)));
  });

  test("a fault without a seed gets one, shown in its answer, that replays its decisions", async ({ server }) => {
    const fault = await server.addFault({ path: "/app/pages/1", status: 403, probability: 0.5 });
    expect(fault.seed).toEqual(expect.any(Number));
    expect(fault.seed).toBeLessThanOrEqual(MAX_SEED);
    const seen = await statusesOf(server, "/app/pages/1", REQUESTS);
    expect(seen).toEqual(decisions(fault.seed ?? -1, 0.5).map((applies) => (applies ? 403 : 200)));
  });

  test("journals whether the fault applied: faultApplied false for a spared request, with the fault's id", async ({ server }) => {
    const fault = await server.addFault({ path: "/app/pages/1", status: 503, probability: 0.5, seed: 1 });
    const seen = await statusesOf(server, "/app/pages/1", REQUESTS);
    const entries = server.app.journal.list().entries.filter((entry) => entry.fault === fault.id);
    expect(entries.map((entry) => [entry.status, entry.faultApplied])).toEqual(seen.map((status) => [status, status === 503]));
  });

  test("journals faultApplied null for a request no fault matched", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", status: 404 });
    await statusesOf(server, "/app/pages/2", 1);
    expect(await server.journalEntry((e) => e.url === "/app/pages/2")).toMatchObject({ fault: null, faultApplied: null });
  });

  test("hits and times count applications only: `times: 2` fails two requests at random, then the fault is gone", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", status: 404, probability: 0.5, seed: 1, times: 2 });
    const seen = await statusesOf(server, "/app/pages/1", REQUESTS);
    const firstTwo = decisions(1, 0.5)
      .flatMap((applies, i) => (applies ? [i] : []))
      .slice(0, 2);
    expect(seen.flatMap((status, i) => (status === 404 ? [i] : []))).toEqual(firstTwo);
    expect(await server.faults()).toEqual([]);
  });

  test("probability 0 never applies, and the request goes on untouched rather than to an older fault", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", status: 404 });
    const spared = await server.addFault({ path: "/app/pages/1", status: 403, probability: 0 });
    expect(await statusesOf(server, "/app/pages/1", 3)).toEqual([200, 200, 200]);
    expect((await server.faults()).find((f) => f.id === spared.id)?.hits).toBe(0);
  });
});

describe("jitter", () => {
  const DELAY_MS = 60;
  const JITTER_MS = 50;
  const SEED = 3;

  test("NAV-5 a jitterMs fault's delays vary over delayMs ± jitterMs as its seed draws them", async ({ server }) => {
    const random = seededRandom(SEED);
    const expected = Array.from({ length: 4 }, () => jitteredDelay(DELAY_MS, JITTER_MS, random));
    // The seed's draws reach beyond delayMs, so a fault that ignored jitterMs would answer too soon.
    expect(Math.max(...expected)).toBeGreaterThan(DELAY_MS + 10);
    const fault = await server.addFault({ path: "/app/pages/1", delayMs: DELAY_MS, jitterMs: JITTER_MS, seed: SEED });
    await statusesOf(server, "/app/pages/1", expected.length);
    const durations = server.app.journal
      .list()
      .entries.filter((entry) => entry.fault === fault.id)
      .map((entry) => entry.durationMs);
    expect(durations).toHaveLength(expected.length);
    durations.forEach((duration, i) => {
      expect(duration).toBeGreaterThanOrEqual(expected[i] ?? Number.POSITIVE_INFINITY);
    });
  });

  test("jitteredDelay stays within delayMs ± jitterMs and reaches both ends", () => {
    const random = seededRandom(SEED);
    const delays = Array.from({ length: 1_000 }, () => jitteredDelay(DELAY_MS, JITTER_MS, random));
    expect(Math.min(...delays)).toBe(DELAY_MS - JITTER_MS);
    expect(Math.max(...delays)).toBe(DELAY_MS + JITTER_MS);
  });

  // The request's own faults draw from an unseeded generator, so only the range can be checked here.
  test("?__jitter beside __delay is accepted, and the delay is at least __delay − __jitter", async ({ server }) => {
    expect(await statusesOf(server, "/app/pages/1?__delay=20&__jitter=10", 1)).toEqual([200]);
    expect((await server.journalEntry((e) => e.fault === "request")).durationMs).toBeGreaterThanOrEqual(10);
  });
});
