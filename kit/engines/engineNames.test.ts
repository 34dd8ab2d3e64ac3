import { expect, test } from "vitest";
import { chromiumOnly, parseEngines } from "./engineNames.ts";

test("reads a comma-separated list in its order, each engine once, any case and spacing", () => {
  expect(parseEngines("firefox, Chromium,firefox ,webkit", "--engines")).toEqual(["firefox", "chromium", "webkit"]);
});

test("an unknown engine is an error naming the flag, the name and the known ones", () => {
  expect(() => parseEngines("chromium,safari", "--engines")).toThrow("--engines: unknown engine 'safari'; the kit knows chromium, firefox, webkit.");
});

test("an empty list is an error naming the flag", () => {
  expect(() => parseEngines(" , ", "PCK_ENGINES")).toThrow("PCK_ENGINES needs at least one engine: chromium, firefox, webkit.");
});

test("a rule judged once, from the server's answer, is Chromium's alone; the rest of the clause is every engine's", () => {
  expect(chromiumOnly("INS-2", "required")).toMatch(/^Chromium only/);
  expect(chromiumOnly("REG-2", "recommended")).toMatch(/Cache-Control/);
  expect(chromiumOnly("UPD-5", "recommended")).toMatch(/Cache-Control/);
  expect(chromiumOnly("UPD-5", "required")).toBeUndefined();
  expect(chromiumOnly("REG-2", "required")).toBeUndefined();
});
