import { describe, expect, test } from "vitest";
import { parseChecklistDocument } from "./checklistDocument.ts";
import { checklistPage, type StackVerdicts } from "./checklistPage.ts";

const CHECKLIST = `# Checklist <b>

See [performance.md](performance.md).

## Registration

### REG-1 — Register <img src=x onerror="alert(1)">

**Required.** Registers \`<script>\`.
**Recommended.** —
**Why.** Old browsers.
**How.** The spec.
**Specs.** specs/registration.spec.ts
`;

const STACK: StackVerdicts = {
  name: `Vite <i>"app"</i>`,
  record: "docs/second-app.md",
  verdicts: new Map([["REG-1", { required: "passed", recommended: "none" }]]),
};

const page = checklistPage(parseChecklistDocument(CHECKLIST), [STACK, { name: "Another", record: "docs/x.md", verdicts: new Map() }]);

describe("checklistPage", () => {
  test("gives the clause its anchor and one for each level, and says where a level has no rule", () => {
    expect(page).toContain('<article class="clause" id="reg-1"><h3><a href="#reg-1">REG-1</a>');
    expect(page).toContain('<div class="rule" id="reg-1-required"><h4>Required</h4><p>Registers <code>&#60;script&#62;</code>.</p></div>');
    expect(page).toContain('<div class="rule" id="reg-1-recommended"><h4>Recommended</h4><p class="muted">No rule at this level (—).</p></div>');
  });

  test("escapes every text of the checklist and the records", () => {
    expect(page).toContain("<title>Checklist &#60;b&#62;</title>");
    expect(page).toContain("Register &#60;img src=x onerror=&#34;alert(1)&#34;&#62;");
    expect(page).toContain("Vite &#60;i&#62;&#34;app&#34;&#60;/i&#62;");
    expect(page).not.toMatch(/<(img|script|i|b)[\s>]/);
  });

  test("shows each stack's recorded verdict at both levels, and a clause a record lacks as not recorded", () => {
    expect(page).toContain(
      '<tr><td><a href="https://github.com/pwa-conformance-kit/pwa-conformance-kit/blob/main/docs/second-app.md">Vite &#60;i&#62;&#34;app&#34;&#60;/i&#62;</a></td><td class="passed">✓ pass</td><td class="none">—</td></tr>',
    );
    expect(page).toContain('<td class="muted">not recorded</td><td class="muted">not recorded</td>');
  });

  test("links the checklist's relative links to the file on GitHub, so they work from any folder", () => {
    expect(page).toContain('<a href="https://github.com/pwa-conformance-kit/pwa-conformance-kit/blob/main/docs/performance.md">performance.md</a>');
  });

  test("has no script, and its styles follow the reader's light or dark scheme", () => {
    expect(page).not.toContain("<script");
    expect(page).toContain("@media (prefers-color-scheme:dark)");
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  });
});
