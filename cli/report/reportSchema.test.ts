import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { ConformanceReport, REPORT_SCHEMA_FILE, REPORT_SCHEMA_VERSION, reportJsonSchema } from "./reportSchema.ts";

test("conformance-report.schema.json is the one generated from the zod schema (run npm run schemas after changing it)", () => {
  // Compared as data: the formatter may lay the file out its own way.
  expect(JSON.parse(readFileSync(REPORT_SCHEMA_FILE, "utf8"))).toEqual(JSON.parse(reportJsonSchema()));
});

test("the JSON Schema requires the version and the fields a tool decides on", () => {
  const schema = JSON.parse(reportJsonSchema()) as { properties: Record<string, { const?: unknown }>; required: string[] };
  expect(schema.properties.schemaVersion?.const).toBe(REPORT_SCHEMA_VERSION);
  expect(schema.required).toEqual(["schemaVersion", "target", "level", "exitCode", "summary", "verdicts"]);
});

test("a report of another schema version, or with a field the schema does not know, is refused", () => {
  const report = {
    schemaVersion: REPORT_SCHEMA_VERSION,
    target: "x",
    level: "required",
    exitCode: 0,
    summary: { failed: [], inconclusive: 0, accepted: [], stale: [], judged: { levels: [], notJudged: [] } },
    verdicts: [],
  };
  expect(ConformanceReport.safeParse(report).success).toBe(true);
  expect(ConformanceReport.safeParse({ ...report, schemaVersion: REPORT_SCHEMA_VERSION + 1 }).success).toBe(false);
  expect(ConformanceReport.safeParse({ ...report, extra: true }).success).toBe(false);
});
