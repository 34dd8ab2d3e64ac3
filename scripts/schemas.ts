/**
 * `npm run schemas`: writes the JSON Schemas generated from the zod schemas, for editors: the app
 * profile's (cli/profile/profile.schema.json) and the mock server's scenario files'.
 */
import { writeFileSync } from "node:fs";
import { PROFILE_SCHEMA_FILE, profileJsonSchema } from "../cli/profile/profileJsonSchema.ts";
import { SCENARIO_SCHEMA_FILE, scenarioJsonSchema } from "../mock-server/scenarios/scenarioJsonSchema.ts";

for (const [file, schema] of [
  [PROFILE_SCHEMA_FILE, profileJsonSchema()],
  [SCENARIO_SCHEMA_FILE, scenarioJsonSchema()],
] as const) {
  writeFileSync(file, schema);
  process.stdout.write(`Wrote ${file}\n`);
}
