import { expect, test } from "vitest";
import { regexLiteral } from "./regexLiteral.ts";

test("a path with every special character matches itself and nothing else", () => {
  const path = "/app/_next/static/chunks/[root]__a.b+c(d)|e^f$g*h?i{j}\\k.js";
  const pattern = new RegExp(`^${regexLiteral(path)}$`);
  expect(pattern.test(path)).toBe(true);
  expect(pattern.test(path.replace(".js", "xjs"))).toBe(false);
  expect(pattern.test(`/x${path}`)).toBe(false);
});
