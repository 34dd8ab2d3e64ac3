/** What the profile's notApplicable says of one test, apart from Playwright so a unit test can read it. */
import type { Profile } from "../../cli/profile/profileSchema.ts";
import { clauseIdsIn } from "../../kit/clauseId.ts";
import type { Level } from "../../kit/outcomes.ts";

/**
 * Why the profile says a test's situation cannot arise in the app: its clause listed under
 * notApplicable whole (the reason as written), or at the test's level (the reason, naming the
 * level, so the report's line says which entry left it out); undefined where it is not listed.
 */
export function profileExclusion(profile: Pick<Profile, "notApplicable">, title: string, level: Level): string | undefined {
  const clauses = clauseIdsIn(title);
  for (const [clause, entry] of Object.entries(profile.notApplicable)) {
    if (!clauses.includes(clause)) continue;
    if (typeof entry === "string") return entry;
    const reason = entry[level];
    if (reason !== undefined) return `${reason} (notApplicable: ${clause}, ${level} level)`;
  }
  return undefined;
}
