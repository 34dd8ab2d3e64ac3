/**
 * Confirms a fault's stimulus happened: the app's navigation asked the server. A worker that answers
 * from its cache without asking never meets the slow, hanging or failing network, so the test has
 * judged nothing (whether the worker should have asked is NAV-5's required test's subject).
 */
import { notChecked } from "./applicability.ts";
import type { MockServer } from "./mockServerProcess.ts";

export async function faultMet(mock: MockServer, faultId: string, what: string): Promise<void> {
  const fault = (await mock.faults()).find((f) => f.id === faultId);
  // A `times` fault leaves the list once used up.
  if (fault && fault.hits === 0)
    notChecked(`${what} never happened: the worker answered the navigation without asking the server (NAV-5's required test judges that)`);
}
