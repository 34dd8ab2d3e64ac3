/**
 * Confirms a fault's stimulus happened: the app's navigation asked the server. A worker that answers
 * from its cache without asking never meets the slow, hanging or failing network, so the test has
 * judged nothing (whether the worker should have asked is NAV-5's required test's subject).
 *
 * The probe saw who answers each profile page's first controlled navigation and the one after it
 * (kit/appFacts.ts): an app-shell worker (Workbox's `NavigationRoute`, ngsw) answers them without the
 * server, and a test that faults such a navigation ends at once, before it opens a page.
 */
import type { AppFacts } from "../../kit/appFacts.ts";
import { notChecked } from "../harness/applicability.ts";
import type { MockServer } from "../harness/mockServerProcess.ts";

const NOT_MET = "the worker answered the navigation without asking the server (NAV-5's required test judges that)";

export async function faultMet(mock: MockServer, faultId: string, what: string): Promise<void> {
  const fault = (await mock.faults()).find((f) => f.id === faultId);
  // A `times` fault leaves the list once used up.
  if (fault && fault.hits === 0) notChecked(`${what} never happened: ${NOT_MET}`);
}

/**
 * For checkProfileFirst: ends the test as not checked when the probe saw the worker answer the same
 * kind of controlled navigation to `path` (its first, or one `again` after a visit) without asking
 * the server, so a fault there would not be met either.
 */
export function faultOnNavigationMeetable(facts: AppFacts, path: string, visit: "first" | "again"): void {
  const seen = facts.navigations?.value[path];
  if (seen?.[visit] === "the worker alone")
    notChecked(
      `a fault on the ${visit === "first" ? "first controlled navigation" : "controlled navigation after a visit"} to ${path} would never be met: ${NOT_MET} (the kit's probe: ${facts.navigations?.how})`,
    );
}
