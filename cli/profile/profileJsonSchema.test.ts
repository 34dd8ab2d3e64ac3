import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { PROFILE_SCHEMA_FILE, profileJsonSchema } from "./profileJsonSchema.ts";

test("profile.schema.json is the one generated from the zod schema (run npm run schemas after changing it)", () => {
  // Compared as data: the formatter may lay the file out its own way.
  expect(JSON.parse(readFileSync(PROFILE_SCHEMA_FILE, "utf8"))).toEqual(JSON.parse(profileJsonSchema()));
});

test("the JSON Schema describes the profile's fields for editors", () => {
  const schema = JSON.parse(profileJsonSchema()) as { properties: Record<string, unknown>; required: string[] };
  expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(["basePath", "worker", "pages", "data", "offline", "fallbacks", "notApplicable"]));
  expect(schema.required).toEqual(expect.arrayContaining(["name", "basePath", "home", "worker", "pages"]));
  expect(schema.required).not.toContain("offline");
});
