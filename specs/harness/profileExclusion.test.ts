import { describe, expect, test } from "vitest";
import { profileExclusion } from "./profileExclusion.ts";

describe("profileExclusion", () => {
  const notApplicable = { "ERR-2": "no sign-in", "UPD-2": { recommended: "no text field" }, "UPD-3": { required: "no lazy code" } };

  test("a clause listed whole leaves out its tests at both levels, with the reason as written", () => {
    expect(profileExclusion({ notApplicable }, "ERR-2 shows the 403 page", "required")).toBe("no sign-in");
    expect(profileExclusion({ notApplicable }, "ERR-2 the 403 page links back home", "recommended")).toBe("no sign-in");
  });

  test("a level listed leaves out that level's tests only, naming the entry", () => {
    expect(profileExclusion({ notApplicable }, "UPD-2 keeps unsaved input", "recommended")).toBe("no text field (notApplicable: UPD-2, recommended level)");
    expect(profileExclusion({ notApplicable }, "UPD-2 keeps unsaved input", "required")).toBeUndefined();
    expect(profileExclusion({ notApplicable }, "UPD-3 loads the new code", "required")).toBe("no lazy code (notApplicable: UPD-3, required level)");
    expect(profileExclusion({ notApplicable }, "UPD-3 loads the new code", "recommended")).toBeUndefined();
  });

  test("a clause id matches whole: UPD-2 is not UPD-21, and an unlisted clause is left in", () => {
    expect(profileExclusion({ notApplicable }, "UPD-21 something", "recommended")).toBeUndefined();
    expect(profileExclusion({ notApplicable }, "NAV-1 stores the page", "required")).toBeUndefined();
  });
});
