import { expect, test } from "vitest";
import { z } from "zod";
import { describeIssues, listIssues } from "./validation.ts";

const Doc = z.strictObject({ faults: z.array(z.strictObject({ status: z.literal(404, { error: "must be 404" }) })), name: z.string() }).partial();

function issuesOf(value: unknown): z.ZodError {
  const parsed = Doc.safeParse(value);
  if (parsed.success) throw new Error("expected the value to be invalid");
  return parsed.error;
}

test("names a field under the root with dots and indexes", () => {
  expect(describeIssues(issuesOf({ faults: [{ status: 404 }, { status: 500 }] }), "body")).toBe("body.faults[1].status: must be 404");
});

test("names a file's field without a root", () => {
  expect(describeIssues(issuesOf({ faults: [{ status: 404 }, { status: 404 }, { status: 401 }] }))).toBe("faults[2].status: must be 404");
});

test("names each unknown field with the same path style", () => {
  expect(listIssues(issuesOf({ faults: [{ status: 404, extra: 1 }], "odd key": 2 }))).toEqual([
    "faults[0].extra: is not a known field",
    '["odd key"]: is not a known field',
  ]);
});

test("says '(top level)' for a root-less problem with the whole value", () => {
  expect(listIssues(issuesOf([]))[0]).toMatch(/^\(top level\): /);
});

test("lists every problem, joined by '; ' on one line", () => {
  expect(describeIssues(issuesOf({ faults: [{ status: 1 }], name: 3 }), "body")).toBe(
    "body.faults[0].status: must be 404; body.name: Invalid input: expected string, received number",
  );
});
