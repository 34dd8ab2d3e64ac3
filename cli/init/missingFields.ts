/**
 * What init can never find by looking at a running app, and what each gap does to the verdicts:
 * the situations only the app's code knows (its 403/401/500 pages, what throws, which URLs must not
 * be stored) and the worker's network timeout, which only a slowed-down network would show.
 */
import type { FieldNote } from "./fieldNote.ts";

/** Optional fields init leaves out: each entry says what leaving it out does. */
export function missingOptionalFields(): FieldNote[] {
  return [
    {
      fields: ["worker.networkTimeoutMs"],
      text: "The worker's network timeout for navigations, in ms (Workbox's networkTimeoutSeconds × 1000), if it has one: seeing it would take a slowed-down network. Left out, NAV-5's lie-fi tests give the app 5 s to answer from its cache: slower runs, and an app with no timeout at all fails NAV-5's recommended rule either way.",
    },
    {
      fields: ["fallbacks.clientError"],
      text: "The text of the application-error page (and its selector), which init cannot see without making the app throw; optionally a path that throws while loading (without one the suite makes the page's own rendering throw) and a button that throws (trigger: the page it is on and its accessible name). Left out, ERR-5 fails an app the exception leaves on a white page and is not checked otherwise.",
    },
    {
      fields: ["uncacheable.json"],
      text: "An in-scope URL that answers JSON only. Left out, the NAV-3 test for such a response is not applicable.",
    },
    {
      fields: ["uncacheable.redirect"],
      text: "An in-scope URL that redirects. Left out, the NAV-3, NAV-7 and ERR-6 tests for a redirect are not applicable.",
    },
    {
      fields: ["uncacheable.noStore"],
      text: "An in-scope page sent with Cache-Control: no-store. Left out, the NAV-3, NAV-7 and ERR-6 tests for it are not applicable.",
    },
  ];
}

const FALLBACKS = [
  { key: "forbidden", clause: "ERR-2", status: 403, cannot: "it has no sign-in, so nothing answers 403" },
  { key: "unauthorized", clause: "ERR-3", status: 401, cannot: "it has no sign-in, so nothing answers 401" },
  { key: "serverError", clause: "ERR-4", status: 500, cannot: "it has no server-side code of its own" },
] as const;

/**
 * The failure pages init cannot see: left out of the starter (no placeholder to delete), each a
 * decision for the user. Undecided, the clause is not checked, the report naming the field.
 */
export function missingFallbacks(): FieldNote[] {
  return FALLBACKS.map(({ key, clause, status, cannot }) => ({
    fields: [`fallbacks.${key}`, `notApplicable.${clause}`],
    text:
      `To decide: init cannot make the app answer ${status}. Describe the app's ${status} page under fallbacks.${key} (its text, and a path where the app answers ${status} if it has one${key === "serverError" ? "; and where the page shows the digest" : ""}), ` +
      `or list ${clause} under notApplicable with the reason the app cannot have it (e.g. ${cannot}). Until then ${clause} is not checked.`,
  }));
}
