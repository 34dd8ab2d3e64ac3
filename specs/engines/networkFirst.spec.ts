/**
 * NAV-5's required rule in Firefox and WebKit: online, a navigation to a stored page goes to the
 * network first and the stored copy becomes the network's answer; a slow network still delivers the
 * page. The same rules specs/navigation-caching.spec.ts and specs/network-faults.spec.ts judge in
 * Chromium. What the page shows is read from the document: the server's marked answer carries a
 * `Server-Timing` entry that the page's navigation entry lists only when that answer is the
 * document shown (Chromium's test reads the response's header through Playwright, which these
 * drivers do not give). Of the recommended rule: a network slower than the app's timeout with the
 * page stored (the page shown must be the stored copy: the network's late answer carries the mark),
 * and a slow network with nothing stored (the page waits for it). A server that hangs is Chromium's:
 * a worker without a timeout would hold the engine's driver in a navigation that never ends; the
 * worker cannot tell the two apart within its timeout anyway. One request per navigation is
 * Chromium's for now (Firefox's worker fetch carries no Referer, so the journal cannot tell its kind).
 */
import { cachedHeadersInPage } from "../checks/browserState.ts";
import { faultMet, faultOnNavigationMeetable } from "../checks/faultMet.ts";
import { ANSWER_MARGIN_MS, answeredInFull, networkTimeout, SLOWER_BY_MS } from "../checks/networkTimeout.ts";
import { RECOMMENDED } from "../harness/applicability.ts";
import { expect, test } from "../harness/engineFixtures.ts";
import { engineControl, headingOf, visitHeldIn } from "./enginePages.ts";

/** The header a fault adds to the server's answer: the stored copy is read for it. */
const FRESH_HEADER = "x-pck-fresh";
/** The Server-Timing metric the same answer carries: the document shown is read for it. */
const FRESH_METRIC = "pck-fresh";

/** The descriptions of the document's own Server-Timing entries named `metric`. */
function serverTimingOf(metric: string): string[] {
  const entry = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  return (entry?.serverTiming ?? []).filter((timing) => timing.name === metric).map((timing) => timing.description);
}

test.describe("NAV-5 network-first", () => {
  test("NAV-5 answers an online navigation to a stored page from the network and stores that answer", async ({
    enginePage,
    engineServer,
    app,
    profile,
    facts,
  }) => {
    const target = app.page(0);
    const url = `${engineServer.origin}${target.path}`;
    await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
    await visitHeldIn(enginePage, engineServer.origin, target.path, facts);
    const mark = `fresh-${Date.now()}`;
    const fault = await engineServer.addFault({
      path: target.path,
      representation: "document",
      responseHeaders: { [FRESH_HEADER]: mark, "Server-Timing": `${FRESH_METRIC};desc="${mark}"` },
    });
    await enginePage.goto(url);
    // No precondition on the fault's hits: a cache-first worker that never asks the server is the very
    // failure this test is for, not a stimulus that did not happen.
    const hits = (await engineServer.faults()).find((f) => f.id === fault.id)?.hits ?? 0;
    expect(
      await enginePage.evaluate(serverTimingOf, FRESH_METRIC),
      `the page shown is the network's answer, not the stored copy (the server was asked ${hits} time(s))`,
    ).toEqual([mark]);
    const storedMarks = () => enginePage.evaluate(cachedHeadersInPage, { wanted: url, name: FRESH_HEADER });
    await expect.poll(storedMarks, { message: "the stored copy is the network's answer" }).toContain(mark);
  });
});

test.describe("NAV-5 lie-fi", () => {
  test("NAV-5 serves the cached copy when the network is slower than the timeout", RECOMMENDED, async ({ enginePage, engineServer, app, profile, facts }) => {
    const target = app.page(0);
    faultOnNavigationMeetable(facts, target.path, "again");
    const url = `${engineServer.origin}${target.path}`;
    // Before the app registers: the reference worker reads its timeout from its script's URL.
    const timeout = await networkTimeout(engineServer, profile);
    await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
    await visitHeldIn(enginePage, engineServer.origin, target.path, facts);
    // The network's answer comes only after the worker's window (its timeout and a margin), marked:
    // a worker that waits for it shows the mark, one that gave up at its timeout shows the stored copy.
    const slower = timeout + ANSWER_MARGIN_MS + SLOWER_BY_MS;
    const mark = `late-${Date.now()}`;
    const fault = await engineServer.addFault({
      path: target.path,
      delayMs: slower,
      representation: "document",
      responseHeaders: { "Server-Timing": `${FRESH_METRIC};desc="${mark}"` },
    });
    await enginePage.goto(url);
    await faultMet(engineServer, fault.id, `a network slower than the timeout (${slower} ms, timeout ${timeout} ms)`);
    expect(
      await enginePage.evaluate(serverTimingOf, FRESH_METRIC),
      `the page shown is the stored copy, not the network's answer that came after ${slower} ms (timeout ${timeout} ms)`,
    ).toEqual([]);
    await expect.poll(() => headingOf(enginePage, target), { message: `the heading of ${target.path}` }).toBe(target.heading);
  });

  test("NAV-5 waits for a slow network when nothing is cached", RECOMMENDED, async ({ enginePage, engineServer, app, profile, facts }) => {
    const target = app.pageOrAnother(2);
    faultOnNavigationMeetable(facts, target.path, "first");
    const timeout = await networkTimeout(engineServer, profile);
    await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
    const slower = timeout + SLOWER_BY_MS;
    const fault = await engineServer.addFault({ path: target.path, delayMs: slower, times: 1, representation: "document" });
    await enginePage.goto(`${engineServer.origin}${target.path}`);
    await faultMet(engineServer, fault.id, `a network slower than the timeout with nothing cached (${slower} ms)`);
    await expect.poll(() => headingOf(enginePage, target), { message: `the heading of ${target.path}` }).toBe(target.heading);
    await answeredInFull(engineServer, fault.id, slower);
  });
});

test.describe("faults on the wire", () => {
  test("NAV-5 a slow page still renders (latency fault)", async ({ enginePage, engineServer, app, profile, facts }) => {
    const target = app.pageOrAnother(1);
    faultOnNavigationMeetable(facts, target.path, "first");
    await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
    const fault = await engineServer.addFault({ path: target.path, delayMs: 1_000 });
    await enginePage.goto(`${engineServer.origin}${target.path}`);
    await faultMet(engineServer, fault.id, "a slow network (a 1 s latency)");
    await expect.poll(() => headingOf(enginePage, target), { message: `the heading of ${target.path}` }).toBe(target.heading);
    await expect.poll(async () => (await engineServer.journal()).find((entry) => entry.fault === fault.id)?.durationMs).toBeGreaterThanOrEqual(1_000);
  });
});
