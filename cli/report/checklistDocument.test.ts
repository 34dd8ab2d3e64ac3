import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { kitPath } from "../../kit/kitPaths.ts";
import { parseChecklist } from "./checklist.ts";
import { parseChecklistDocument } from "./checklistDocument.ts";

const CHECKLIST = `# Checklist

Intro.

## Levels

- **Required** is …

## Registration

### REG-1 — Register only where supported

**Required.** Registers when
supported.
**Recommended.** —
**Why.** Old browsers.
**Stacks.** Serwist checks. **Fails it:** an unguarded call.
**Specs.** specs/registration.spec.ts
`;

describe("parseChecklistDocument", () => {
  test("reads the introduction, each section with its own, and each clause's parts, Fails it inside Stacks' line too", () => {
    const doc = parseChecklistDocument(CHECKLIST);
    expect(doc.title).toBe("Checklist");
    expect(doc.intro).toBe("Intro.");
    expect(doc.sections.map(({ heading, intro, clauses }) => ({ heading, intro, clauses: clauses.length }))).toEqual([
      { heading: "Levels", intro: "- **Required** is …", clauses: 0 },
      { heading: "Registration", intro: "", clauses: 1 },
    ]);
    expect(doc.sections[1]?.clauses[0]).toEqual({
      ...parseChecklist(CHECKLIST)[0],
      parts: [
        { label: "Required", markdown: "Registers when\nsupported." },
        { label: "Recommended", markdown: "—" },
        { label: "Why", markdown: "Old browsers." },
        { label: "Stacks", markdown: "Serwist checks." },
        { label: "Fails it", markdown: "an unguarded call." },
        { label: "Specs", markdown: "specs/registration.spec.ts" },
      ],
    });
  });

  test("throws on a clause whose text does not start with a label, naming the clause", () => {
    expect(() => parseChecklistDocument("## A\n### NAV-1 — x\nStray text.\n**Required.** y\n")).toThrow("NAV-1 has text before its first label: 'Stray text.'");
  });

  test("docs/conformance.md: the same clauses as parseChecklist, each with its rule at both levels, why, how and its specs", () => {
    const markdown = readFileSync(kitPath("docs", "conformance.md"), "utf8");
    const clauses = parseChecklistDocument(markdown).sections.flatMap((section) => section.clauses);
    expect(clauses.map(({ parts: _parts, ...clause }) => clause)).toEqual(parseChecklist(markdown));
    for (const clause of clauses)
      expect(
        clause.parts.map((part) => part.label).filter((label) => label !== "Stacks" && label !== "Fails it"),
        clause.id,
      ).toEqual(["Required", "Recommended", "Why", "How", "Specs"]);
  });
});
