import { describe, expect, test } from "vitest";
import { missingFieldsIn, profileNotesMarkdown } from "./profileNotes.ts";

describe("profile notes", () => {
  const markdown = profileNotesMarkdown({
    name: "An app",
    target: "http://127.0.0.1:3000/app/",
    profileFile: "app.profile.json",
    found: [{ fields: ["worker.script", "worker.scope"], text: "From the registration: not missing." }],
    missing: [
      { fields: ["worker.networkTimeoutMs"], text: "The timeout: a `code` span in the text is not a field." },
      { fields: ["fallbacks.forbidden", "notApplicable.ERR-2"], text: "Describe it, or list ERR-2." },
    ],
  });

  test("name the profile, and list what is missing before what was found", () => {
    expect(markdown).toMatch(/^# Starter profile: An app\n/);
    expect(markdown).toContain("--profile app.profile.json");
    expect(markdown.indexOf("## Could not find")).toBeLessThan(markdown.indexOf("## Found"));
    expect(markdown).toContain("- `fallbacks.forbidden`, `notApplicable.ERR-2`: Describe it, or list ERR-2.");
  });

  test("give back exactly the fields of the 'Could not find' list", () => {
    expect(missingFieldsIn(markdown)).toEqual(["worker.networkTimeoutMs", "fallbacks.forbidden", "notApplicable.ERR-2"]);
  });

  test("say so when nothing is missing", () => {
    const none = profileNotesMarkdown({ name: "x", target: "http://h/", profileFile: "p.json", found: [], missing: [] });
    expect(none).toContain("## Could not find\n\nNothing.");
    expect(missingFieldsIn(none)).toEqual([]);
  });
});
