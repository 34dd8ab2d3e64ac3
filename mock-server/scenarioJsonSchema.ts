/**
 * The scenario files' JSON Schema, generated from the zod schema so the two cannot drift: editors
 * complete and check a scenario that names it in `$schema`. Rules JSON Schema cannot say (a fault's
 * status, drop and hang exclude each other) are checked when the scenario is loaded.
 */
import { z } from "zod";
import { kitPath } from "./internal/kitPaths.ts";
import { Scenario } from "./scenarioSchema.ts";

export const SCENARIO_SCHEMA_FILE = kitPath("mock-server", "scenario.schema.json");

export function scenarioJsonSchema(): string {
  const schema = z.toJSONSchema(Scenario, { io: "input", unrepresentable: "any" });
  return `${JSON.stringify({ ...schema, title: "pwa-conformance-kit mock-server scenario" }, null, 2)}\n`;
}
