/**
 * Confirms a fault's stimulus happened: the app's navigation asked the server. A worker that answers
 * from its cache without asking never meets the slow, hanging or failing network, so the test has
 * judged nothing (whether the worker should have asked is NAV-5's required test's subject).
 *
 * The first test that sees a controlled navigation to a path answered without the server writes it
 * down for the run: an app-shell worker (Workbox's `NavigationRoute`, ngsw) answers every navigation
 * to that path so, and later tests that fault a controlled navigation there end at once, before they
 * open a page (about a second each, a dozen tests on such an app).
 */
import { test } from "@playwright/test";
import { notChecked } from "./applicability.ts";
import type { MockServer } from "./mockServerProcess.ts";
import { knownFact, recordFact } from "./runFacts.ts";

const FACT = "navigation-answered-without-server";

export async function faultMet(mock: MockServer, faultId: string, what: string, path: string): Promise<void> {
  const fault = (await mock.faults()).find((f) => f.id === faultId);
  // A `times` fault leaves the list once used up.
  if (fault && fault.hits === 0) {
    recordFact(test.info(), FACT, `the worker answered a controlled navigation to ${path} without asking the server`, path);
    notChecked(`${what} never happened: the worker answered the navigation without asking the server (NAV-5's required test judges that)`);
  }
}

/**
 * For checkProfileFirst: ends the test as not checked when an earlier test of this run saw the
 * worker answer a controlled navigation to `path` without asking the server, so a fault there would
 * not be met either.
 */
export function faultOnNavigationMeetable(path: string): void {
  const known = knownFact(test.info(), FACT, path);
  if (known) notChecked(`a fault on the navigation to ${path} would never be met: ${known} (found by an earlier test of this run)`);
}
