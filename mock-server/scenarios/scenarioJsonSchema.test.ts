import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { SCENARIO_SCHEMA_FILE, SCHEMA_FILE_NAME, scenarioJsonSchema } from "./scenarioJsonSchema.ts";

test("scenario.schema.json is the one generated from the zod schema (run npm run schemas after changing it)", () => {
  // Compared as data: the formatter may lay the file out its own way.
  expect(JSON.parse(readFileSync(SCENARIO_SCHEMA_FILE, "utf8"))).toEqual(JSON.parse(scenarioJsonSchema()));
});

test("every ready scenario names the schema", () => {
  const dir = fileURLToPath(new URL("./", import.meta.url));
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".json") && name !== SCHEMA_FILE_NAME)) {
    expect((JSON.parse(readFileSync(`${dir}${file}`, "utf8")) as { $schema?: string }).$schema, file).toBe(`./${SCHEMA_FILE_NAME}`);
  }
});
