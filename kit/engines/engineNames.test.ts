import { expect, test } from "vitest";
import { parseEngines } from "./engineNames.ts";

test("reads a comma-separated list in its order, each engine once, any case and spacing", () => {
  expect(parseEngines("firefox, Chromium,firefox ,webkit", "--engines")).toEqual(["firefox", "chromium", "webkit"]);
});

test("an unknown engine is an error naming the flag, the name and the known ones", () => {
  expect(() => parseEngines("chromium,safari", "--engines")).toThrow("--engines: unknown engine 'safari'; the kit knows chromium, firefox, webkit.");
});

test("an empty list is an error naming the flag", () => {
  expect(() => parseEngines(" , ", "PCK_ENGINES")).toThrow("PCK_ENGINES needs at least one engine: chromium, firefox, webkit.");
});
