import type { TestCase, TestResult } from "@playwright/test/reporter";
import { expect, test } from "vitest";
import { ProbeCollector } from "./probeRecord.ts";

const probe = { title: "probe: navigations", tags: ["@pck-probe"] } as unknown as TestCase;
const attaching = (facts: unknown) =>
  ({
    status: "passed",
    errors: [],
    attachments: [{ name: "pck-app-facts", contentType: "application/json", body: Buffer.from(JSON.stringify(facts)) }],
  }) as unknown as TestResult;
const stored = (afterMs: number | null) => ({ ownNavigationStored: { value: { afterMs, windowMs: 5000 }, how: "navigated" } });

test("two shards' probes that timed the same signals differently agree: only what shapes a verdict counts", () => {
  const collector = new ProbeCollector();
  collector.add(probe, attaching({ control: { value: { state: "at once", ms: 400 }, how: "opened" }, ...stored(25) }));
  collector.add(probe, attaching({ control: { value: { state: "at once", ms: 900 }, how: "opened" }, ...stored(80) }));
  expect(collector.record()?.disagreements).toEqual([]);
});

test("two shards' probes that saw a signal come and not come disagree, and the report names the fact", () => {
  const collector = new ProbeCollector();
  collector.add(probe, attaching(stored(25)));
  collector.add(probe, attaching(stored(null)));
  expect(collector.record()?.disagreements).toEqual(["ownNavigationStored"]);
});

test("a probe that failed is the record's failure, in one line", () => {
  const collector = new ProbeCollector();
  collector.add(probe, {
    status: "failed",
    errors: [{ message: "Error: page.goto: net::ERR_CONNECTION_REFUSED\n    at x" }],
    attachments: [],
  } as unknown as TestResult);
  expect(collector.record()?.failure).toBe("probe: navigations: page.goto: net::ERR_CONNECTION_REFUSED");
});
