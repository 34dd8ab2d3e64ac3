/**
 * The profile's JSON Schema, generated from the zod schema so the two cannot drift: editors complete
 * and check a profile that names it in `$schema`. Refinements that JSON Schema cannot say (a fallback
 * or its clause under notApplicable) are checked when the profile is loaded.
 */
import { z } from "zod";
import { kitPath } from "../../kit/kitPaths.ts";
import { Profile } from "./profileSchema.ts";

export const PROFILE_SCHEMA_FILE = kitPath("cli", "profile", "profile.schema.json");

export function profileJsonSchema(): string {
  const schema = z.toJSONSchema(Profile, { io: "input", unrepresentable: "any" });
  return `${JSON.stringify({ ...schema, title: "pwa-conformance-kit app profile" }, null, 2)}\n`;
}
