import { describe, expect, test } from "vitest";
import { withFieldsFrom } from "./withFieldsFrom.ts";

describe("withFieldsFrom", () => {
  const generated = { name: "gen", worker: { script: "/sw.js", scope: "/" }, fallbacks: { forbidden: { text: "FILL IN" } }, notApplicable: {} };

  test("sets each named field the source has and removes each it has not, leaving the rest", () => {
    const source = { name: "hand", worker: { script: "/sw.js", scope: "/", networkTimeoutMs: 3000 }, notApplicable: { "ERR-2": "no sign-in" } };
    expect(withFieldsFrom(generated, source, ["worker.networkTimeoutMs", "fallbacks.forbidden", "notApplicable.ERR-2"])).toEqual({
      name: "gen",
      worker: { script: "/sw.js", scope: "/", networkTimeoutMs: 3000 },
      fallbacks: {},
      notApplicable: { "ERR-2": "no sign-in" },
    });
  });

  test("does not change the profile it copies", () => {
    withFieldsFrom(generated, { fallbacks: {} }, ["fallbacks.forbidden"]);
    expect(generated.fallbacks.forbidden).toEqual({ text: "FILL IN" });
  });
});
