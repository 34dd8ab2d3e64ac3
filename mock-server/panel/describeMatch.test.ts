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
