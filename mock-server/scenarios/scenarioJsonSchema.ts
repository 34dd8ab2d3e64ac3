/**
 * The scenario files' JSON Schema, generated from the zod schema so the two cannot drift: editors
 * complete and check a scenario that names it in `$schema`. Rules JSON Schema cannot say (a fault's
 * status, drop and hang exclude each other) are checked when the scenario is loaded.
 */
import { z } from "zod";
import { kitPath } from "../../kit/kitPaths.ts";
import { Scenario } from "./scenarioSchema.ts";

/** The schema sits beside the ready scenarios, so each names it as `./scenario.schema.json`. */
export const SCHEMA_FILE_NAME = "scenario.schema.json";
export const SCENARIO_SCHEMA_FILE = kitPath("mock-server", "scenarios", SCHEMA_FILE_NAME);

export function scenarioJsonSchema(): string {
  const schema = z.toJSONSchema(Scenario, { io: "input", unrepresentable: "any" });
  return `${JSON.stringify({ ...schema, title: "pwa-conformance-kit mock-server scenario" }, null, 2)}\n`;
}
