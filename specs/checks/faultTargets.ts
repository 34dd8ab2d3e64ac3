/**
 * Where a fallback can be seen: the app's own path for it (the profile's), or — for the reference app,
 * whose fallback pages the mock server renders — a page of the app with a status fault on it. Through
 * the proxy a document fault would show the proxy's page, not the app's, so it is not used there.
 */

import type { Profile } from "../../cli/profile/profileSchema.ts";
import { regexLiteral } from "../../kit/regexLiteral.ts";
import type { FaultInput } from "../../mock-server/faults/faultSchema.ts";
import { servedReference } from "../harness/applicability.ts";
import type { MockServer } from "../harness/mockServerProcess.ts";

export async function documentFailing(
  profile: Profile,
  mock: MockServer,
  own: string | undefined,
  status: NonNullable<FaultInput["status"]>,
  fallbackPath: string,
): Promise<{ path: string; faultId: string | null }> {
  if (own) return { path: own, faultId: null };
  servedReference(profile, `a page that answers ${status} without a path of the app's own for it (fallbacks.*.path)`);
  const fault = await mock.addFault({ path: fallbackPath, status, representation: "document" });
  return { path: fallbackPath, faultId: fault.id };
}

/**
 * A fault's header criteria that only the worker's own requests meet: their `Referer` is the
 * worker's script URL (which is how the journal tells them apart), a page's requests carry the page's.
 */
export function workerRequestsOnly(profile: Profile): NonNullable<FaultInput["headers"]> {
  const script = regexLiteral(profile.worker.script);
  return { referer: { pattern: `^[a-z]+://[^/]+${script}([?#].*)?$` } };
}
