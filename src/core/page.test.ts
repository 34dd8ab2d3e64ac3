import { describe, expect, test } from "vitest";
import { BOOT_DATA_ID, DATA_ACCEPT } from "./page.ts";

describe("page protocol constants", () => {
  test("the boot data's element id is one getElementById and a CSS selector can both use", () => {
    expect(BOOT_DATA_ID).toMatch(/^[A-Za-z][\w-]*$/);
  });

  test("NAV-3 the data representation is asked for with the JSON media type any HTTP client sends", () => {
    expect(DATA_ACCEPT).toBe("application/json");
  });
});
