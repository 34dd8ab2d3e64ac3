/**
 * NAV-5's required rule in Firefox and WebKit: online, a navigation to a stored page goes to the
 * network first and the stored copy becomes the network's answer; a slow network still delivers the
 * page. The same rules specs/navigation-caching.spec.ts and specs/network-faults.spec.ts judge in
 * Chromium. What the page shows is read from the document: the server's marked answer carries a
 * `Server-Timing` entry that the page's navigation entry lists only when that answer is the
 * document shown (Chromium's test reads the response's header through Playwright, which these
 * drivers do not give). The recommended rule (a network slower than the timeout, one request per
 * navigation) is Chromium's for now.
 */
import { cachedHeadersInPage } from "../checks/browserState.ts";
import { faultMet, faultOnNavigationMeetable } from "../checks/faultMet.ts";
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
