import { expect, test } from "vitest";
import { escapeHtml } from "./escapeHtml.ts";

test("escapes the five characters that end text or an attribute value", () => {
  expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe("&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;");
});

test("leaves other text as it is", () => {
  expect(escapeHtml("Page not found — /app/pages/1?x=1")).toBe("Page not found — /app/pages/1?x=1");
});
