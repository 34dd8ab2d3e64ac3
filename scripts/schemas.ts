/**
 * `npm run schemas`: writes the JSON Schemas generated from the zod schemas, for editors and tools:
 * the app profile's (cli/profile/profile.schema.json), the report's conformance.json
 * (cli/report/conformance-report.schema.json) and the mock server's scenario files'.
 */
import { writeFileSync } from "node:fs";
import { PROFILE_SCHEMA_FILE, profileJsonSchema } from "../cli/profile/profileJsonSchema.ts";
import { REPORT_SCHEMA_FILE, reportJsonSchema } from "../cli/report/reportSchema.ts";
import { SCENARIO_SCHEMA_FILE, scenarioJsonSchema } from "../mock-server/scenarios/scenarioJsonSchema.ts";

for (const [file, schema] of [
  [PROFILE_SCHEMA_FILE, profileJsonSchema()],
  [REPORT_SCHEMA_FILE, reportJsonSchema()],
  [SCENARIO_SCHEMA_FILE, scenarioJsonSchema()],
] as const) {
  writeFileSync(file, schema);
  process.stdout.write(`Wrote ${file}\n`);
}
