import { expect, test } from "vitest";
import { describeConditions, describePath } from "./describeMatch.ts";

test("a glob reads as written, a regex path says it is one", () => {
  expect(describePath("/app/pages/*")).toBe("/app/pages/*");
  expect(describePath({ regex: "^/app/pages/\\d+$" })).toBe("regex ^/app/pages/\\d+$");
});

test("query parameters and headers read one condition each, query first", () => {
  expect(
    describeConditions({
      query: { _rsc: { present: true }, tab: "a" },
      headers: { rsc: { pattern: "^1$" }, "x-variant": { absent: true } },
    }),
  ).toBe("query _rsc present; query tab = a; header rsc ~ ^1$; header x-variant absent");
});

test("a fault with neither has no conditions", () => {
  expect(describeConditions({})).toBeNull();
});

test("a body condition reads as the form takes it", () => {
  expect(describeConditions({ body: { json: { path: "$.op", equals: "add" } } })).toBe('body $.op = "add"');
  expect(describeConditions({ body: { json: { path: "$.items[0].id", pattern: "^\\d+$" } } })).toBe("body $.items[0].id ~ ^\\d+$");
  expect(describeConditions({ body: { json: { path: "$.retry", present: true } } })).toBe("body $.retry present");
  expect(describeConditions({ headers: { rsc: "1" }, body: { text: '"op":"add"' } })).toBe('header rsc = 1; body ~ "op":"add"');
});
